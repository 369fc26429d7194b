/**
 * npm run bench:tickets — ticket QR tokens and the door screen.
 * 1. In one process: Ed25519 token signing and verifying per second (the key cached as a
 *    KeyObject, as the key ring keeps it).
 * 2. On PostgreSQL: a new database on BENCH_DATABASE_URL's server (default
 *    postgres://postgres@127.0.0.1:5432/test) with one booked ticket; the built server
 *    (production mode) serves `GET /my-ticket/{id}` to a signed-in browser's cookies
 *    under autocannon. Prints req/s, p50, p99 and failures. Drops the database at the end.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20)
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import type { TicketClaims } from "#contract/ticket-token-bytes.ts";
import { encodeTicketToken, verifyTicketTokenWith } from "#server/modules/tickets/ticket-token.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { browserUA, measure } from "./support/load.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const load = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
};
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";

/** Runs `work` as often as it can for `ms`; operations per second. */
function perSecond(work: (i: number) => unknown, ms = 2000): number {
  for (let i = 0; i < 500; i++) work(i); // warm-up
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let i = 0; i < 100; i++) work(count + i);
    count += 100;
  }
  return count / ((performance.now() - started) / 1000);
}

function tokenFigures() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const claims: TicketClaims = {
    kid: 1,
    ticketId: randomUUID(),
    eventShortId: "k7qm3tpx",
    generation: 1,
  };
  const signs = perSecond((i) =>
    encodeTicketToken({ ...claims, generation: (i % 65535) + 1 }, privateKey),
  );
  const token = encodeTicketToken(claims, privateKey);
  let verified = 0;
  const verifies = perSecond(() => {
    if (verifyTicketTokenWith(token, publicKey)) verified++;
  });
  console.log(`token sign    ${signs.toFixed(0).padStart(8)} /s  (Ed25519, 90 bytes, one process)`);
  console.log(
    `token verify  ${verifies.toFixed(0).padStart(8)} /s  (key cached; ${verified} checked)`,
  );
}

const admin = (text: string) => adminSql(baseUrl, text);

tokenFigures();

const name = `bench_tickets_${randomBytes(4).toString("hex")}`;
await admin(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 4 });
try {
  const kit = await bookingsKit(database, {
    APP_SECRET,
    PUBLIC_URL,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    ALLOW_OUTBOX_IN_PRODUCTION: "true",
  });
  const { event, types } = await makeEvent(database.db);
  const buyer = await kit.buyer();
  await holdAndConfirm(buyer, event.shortId, nth(types, 0).id, 1);
  const [ticket] = await database.db
    .select()
    .from(tickets)
    .where(eq(tickets.holderUserId, buyer.user.id));
  if (!ticket) throw new Error("no ticket");
  const issued = await database.db.transaction((tx) =>
    kit.services.auth.startSession(tx, buyer.user.id, { ip: "127.0.0.1", userAgent: "bench" }),
  );
  const cookie = [
    `${SESSION_COOKIE}=${issued.sessionToken}`,
    `${ACCESS_TOKEN_COOKIE}=${issued.accessToken}`,
    `${EXPIRY_COOKIE}=${issued.accessTokenExpiresAt}`,
    `${REFRESH_TOKEN_COOKIE}=${issued.refreshToken}`,
  ].join("; ");
  const server = await spawnServer({
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      PUBLIC_URL,
      ALLOW_OUTBOX_IN_PRODUCTION: "true",
      LOG_LEVEL: "warn",
      DEMO_DATA: "off",
    },
  });
  try {
    const pageUrl = `${server.url}/my-ticket/${ticket.id}`;
    const first = await fetch(pageUrl, { headers: { cookie, "user-agent": browserUA } });
    const html = await first.text();
    if (first.status !== 200 || !html.includes("data-qr-token")) {
      throw new Error(`GET /my-ticket/{id}: ${first.status}, no QR on the page`);
    }
    console.log(`server: ${server.url}, database: postgres (${name})`);
    // The same signed-in browser on a page without a QR, for comparison.
    await measure(`${server.url}/upcomming`, "GET /upcomming", { ...load, headers: { cookie } });
    await measure(pageUrl, "GET /my-ticket/{id}", { ...load, headers: { cookie } });
  } finally {
    await server.stop();
  }
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
