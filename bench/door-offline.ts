/**
 * npm run bench:door-offline — the offline door in Chromium (issue 26).
 * On PostgreSQL (a new database on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test): an event of BENCH_TICKETS (default 25,000)
 * tickets set up by bulk SQL, 1% of them cancelled; the built server (production, one
 * process; run `npx react-router build` first). The business owner (a door user) signed
 * in by cookies in Chromium, on a page of ours that is not a door page, runs the offline door's engine
 * (app/door-offline, bundled by Vite from bench/support/door-engine-page.ts, so the bench
 * does not depend on the door pages' UI):
 * 1. the first sync: its time (the engine's "door-sync" measure) and the bytes of every
 *    `checkin.offlineSync` answer (as sent, compressed, with headers);
 * 2. offline (forced, as after two failed scans): BENCH_VERDICTS (default 200) verdicts of
 *    real tokens signed by the server's key: valid ones (admitted), the same again (already
 *    in, here), cancelled ones and forged ones (signed by another key); median and p95 of
 *    the engine's "door-verdict" measure.
 * Targets: verdict median ≤ 50 ms; first sync ≤ 10 s and ≤ 5 MB. Drops the database.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { build } from "vite";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import { loadSettings } from "#server/config.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { qrTokenFor } from "#server/modules/tickets/ticket-qr.ts";
import { encodeTicketToken } from "#server/modules/tickets/ticket-token.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { launchChromium } from "#tests/e2e/browser.ts";
import { businessOwner, insertEvent } from "#tests/support/kits/business-test-kit.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { percentile } from "./support/latency-report.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TICKETS = Number(process.env.BENCH_TICKETS ?? 25_000);
const VERDICTS = Number(process.env.BENCH_VERDICTS ?? 200);
const PER_ORDER = 4;
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";
const ENGINE_PATH = "/__bench/door-engine.js";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The engine as one browser module (idb and the app's modules inlined). */
async function engineBundle(): Promise<string> {
  const output = await build({
    configFile: false,
    root: projectRoot,
    logLevel: "warn",
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.join(projectRoot, "bench/support/door-engine-page.ts"),
        formats: ["es"],
        fileName: "door-engine",
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const out of outputs) {
    if (!("output" in out)) continue;
    const chunk = out.output.find((file) => file.type === "chunk" && file.isEntry);
    if (chunk && chunk.type === "chunk") return chunk.code;
  }
  throw new Error("vite built no entry chunk");
}

const name = `bench_door_${randomBytes(4).toString("hex")}`;
await adminSql(baseUrl, `create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const env = {
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  APP_SECRET,
  PUBLIC_URL,
  ALLOW_OUTBOX_IN_PRODUCTION: "true",
  LOG_LEVEL: "warn",
  DEMO_DATA: "off",
  WEB_CONCURRENCY: "1",
};
const [bundle, server] = await Promise.all([engineBundle(), spawnServer({ env })]);
const database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 4 });
const browser = await launchChromium();
try {
  const settings = loadSettings({ ...env, PGLITE_DIR: "" });
  const services = await createServices(settings, database, createLogger("silent"));
  const db = database.db;
  const owner = await businessOwner(services, "pro");
  const event = await insertEvent(db, owner.business.id, "published");
  const [type] = await db
    .insert(ticketTypes)
    .values({
      eventId: event.id,
      name: "Standing",
      priceMinor: 1500,
      currency: "EUR",
      capacity: TICKETS,
      taken: TICKETS,
      perOrderLimit: PER_ORDER,
    })
    .returning();
  if (!type) throw new Error("no ticket type");
  const orders = Math.ceil(TICKETS / PER_ORDER);
  const setupStarted = performance.now();
  // One buyer, hold and booking per order, then its tickets: what the sales leave.
  await db.execute(sql`
    with buyers as (
      insert into users (name, phone, phone_verified_at, email)
      select 'Buyer ' || g, '+4478' || lpad(g::text, 9, '0'), now(), 'buyer' || g || '@example.com'
      from generate_series(1, ${orders}::int) g returning id
    ), held as (
      insert into holds (user_id, event_id, status, expires_at)
      select id, ${event.id}::uuid, 'converted', now() from buyers returning id, user_id
    ), booked as (
      insert into bookings (reference, user_id, event_id, hold_id, payment_status,
        payment_provider, total_minor, currency, created_at)
      select upper(substr(md5(id::text), 1, 4) || '-' || substr(md5(id::text), 5, 6)), user_id,
        ${event.id}::uuid, id, 'unpaid', 'venue', ${1500 * PER_ORDER}, 'EUR', now()
      from held returning id, user_id
    )
    insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
    select booked.id, ${event.id}::uuid, ${type.id}::uuid, booked.user_id, 'Guest ' || n,
      md5(random()::text || n || booked.id::text)
    from booked, generate_series(1, ${PER_ORDER}::int) n`);
  await db.execute(sql`update tickets set status = 'cancelled'
    where id in (select id from tickets where event_id = ${event.id}::uuid order by id limit ${Math.ceil(TICKETS / 100)})`);
  await db.execute(sql`analyze`);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // Real tokens, signed with the server's own key; forged ones with another key.
  const ring = await ticketKeyRing(db, APP_SECRET);
  const rows = await rowsOf<{ id: string; status: string; generation: number }>(
    db,
    sql`select id, status, generation from tickets where event_id = ${event.id}::uuid order by id`,
  );
  const tokenOf = (row: { id: string; generation: number }) =>
    qrTokenFor(ring, { id: row.id, eventShortId: event.shortId, generation: row.generation });
  const forger = generateKeyPairSync("ed25519").privateKey;
  const kid = ring.signingKey().kid;
  const valid = rows.filter((row) => row.status === "valid").slice(-VERDICTS);
  const cancelled = rows.filter((row) => row.status === "cancelled");
  const quarter = Math.ceil(VERDICTS / 4);
  const firstTime = valid.slice(0, quarter * 2).map(tokenOf);
  const codes = [
    ...firstTime,
    ...firstTime.slice(0, quarter), // already in, here
    ...cancelled.slice(0, Math.ceil(quarter / 2)).map(tokenOf),
    ...valid
      .slice(quarter * 2, quarter * 2 + Math.floor(quarter / 2))
      .map((row) =>
        encodeTicketToken(
          { kid, ticketId: row.id, eventShortId: event.shortId, generation: row.generation },
          forger,
        ),
      ),
  ].slice(0, VERDICTS);

  const session = await db.transaction((tx) =>
    services.auth.startSession(tx, owner.user.id, { ip: "127.0.0.1", userAgent: "bench" }),
  );
  const context = await browser.newContext({ bypassCSP: true });
  await context.addCookies(
    [
      [SESSION_COOKIE, session.sessionToken],
      [ACCESS_TOKEN_COOKIE, session.accessToken],
      [EXPIRY_COOKIE, String(session.accessTokenExpiresAt)],
      [REFRESH_TOKEN_COOKIE, session.refreshToken],
    ].map(([cookie, value]) => ({ name: cookie ?? "", value: value ?? "", url: server.url })),
  );
  const page = await context.newPage();
  await page.route(`${server.url}${ENGINE_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: bundle }),
  );
  let syncBytes = 0;
  let syncCalls = 0;
  page.on("requestfinished", async (request) => {
    if (!request.url().includes("/api/fn/checkin.offlineSync")) return;
    const sizes = await request.sizes();
    syncCalls += 1;
    syncBytes += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  // A page that is not a door page: the door pages run an engine of their own, whose sync
  // would be counted with the bench's.
  await page.goto(`${server.url}/privacy_policy`);
  console.log(
    `server: ${server.url}, database: postgres (${name}), ${TICKETS} tickets (set up in ${setupSeconds.toFixed(1)} s), load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );

  const result = await page.evaluate(
    async ({ enginePath, eventId, userId, codes }) => {
      const { openBenchDoor } = await import(enginePath);
      const engine = await openBenchDoor(eventId, userId);
      await engine.sync();
      const syncMs = performance.getEntriesByName("door-sync").at(-1)?.duration ?? Number.NaN;
      const fetchMs = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("checkin.offlineSync"))
        .reduce((sum, entry) => sum + entry.duration, 0);
      const state = engine.getState();
      engine.networkGone();
      performance.clearMeasures("door-verdict");
      const verdicts: Record<string, number> = {};
      for (const [i, code] of codes.entries()) {
        const checked = await engine.check(code, `bench-${i}`);
        const key = `${checked.verdict.verdict}${checked.verdict.reason ? `/${checked.verdict.reason}` : ""}${checked.offline ? "" : " (online!)"}`;
        verdicts[key] = (verdicts[key] ?? 0) + 1;
      }
      const times = performance.getEntriesByName("door-verdict").map((entry) => entry.duration);
      engine.close();
      return { syncMs, fetchMs, state, verdicts, times };
    },
    { enginePath: ENGINE_PATH, eventId: event.id, userId: owner.user.id, codes },
  );
  const times = [...result.times].sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(
    `first sync: ${(result.syncMs / 1000).toFixed(2)} s (waiting for the answers ${(result.fetchMs / 1000).toFixed(2)} s), ${mb(syncBytes)} in ${syncCalls} answers (searchable: ${result.state.searchable})  targets ≤ 10 s, ≤ 5 MB: ${result.syncMs <= 10_000 && syncBytes <= 5 * 1024 * 1024 ? "met" : "NOT met"}`,
  );
  console.log(
    `offline verdicts: ${times.length}, median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms  target median ≤ 50 ms: ${median <= 50 ? "met" : "NOT met"}`,
  );
  console.log(`verdicts: ${JSON.stringify(result.verdicts)}`);
} finally {
  await browser.close();
  await database.close();
  await server.stop();
  await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
}
