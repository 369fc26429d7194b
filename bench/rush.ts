/**
 * npm run bench:rush — an on-sale rush where signed-in people come with the visitors
 * (issue 28, part 1): a new database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/test) gets the demo data (as `npm run db:seed`; a
 * start seeds only the embedded database) and BENCH_USERS people ("Buyer 0", "Buyer 1"…)
 * signed in as sign-in makes them; the built server (production mode, default page cache:
 * decision 017; run `npx react-router build` first) serves, under autocannon, `GET /` and
 * the page of the soonest published, upcoming, on-sale event, each first to visitors (no
 * cookie), then to signed-in people (each request one person's cookies, in turn); then
 * `GET /session/viewer` to signed-in people (when the server has it), alone and with the
 * event's short id as its page asks; then the event page
 * to visitors and signed-in people at once (two autocannons, half the connections each).
 * Prints req/s, p50, p99, cache hits (X-Cache), non-2xx and the server's CPU ms per request
 * of each; after each signed-in phase fails unless the page, opened as a few people, is a
 * 200 naming no other person; ends with visitors against signed-in people per page and
 * whether the target is met (signed-in at >= 0.5 of the visitors' req/s, p99 <= 100 ms).
 * Drops the database at the end, also on failure.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_USERS (default 200)
 */
import { randomBytes } from "node:crypto";
import { viewerPath } from "#contract/viewer.ts";
import { seedDemoData } from "#server/modules/demo/demo-seed.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { type LoadOptions, measure } from "./support/load.ts";
import { onSaleEventPath } from "./support/on-sale-event.ts";
import { assertNoOtherPerson } from "./support/other-person-check.ts";
import { treeCpuMs } from "./support/process-cpu.ts";
import { printRushSummary, type RushRow } from "./support/rush-summary.ts";
import { sessionViewerAnswers } from "./support/session-viewer-check.ts";
import { signedInUsers } from "./support/signed-in-users.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const load = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const userCount = Number(process.env.BENCH_USERS ?? 200);
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";

type People = Awaited<ReturnType<typeof signedInUsers>>;

/** The demo, the rush's event and the signed-in people, on a database of their own. */
async function prepare(databaseUrl: string): Promise<{ eventPath: string; people: People }> {
  const database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 2 });
  try {
    await seedDemoData(database.db, createLogger("silent"), { publicUrl: PUBLIC_URL });
    const eventPath = await onSaleEventPath(database.db);
    // Sessions last the signedInUsers' two-hour access tokens: no refresh during the run.
    const people = await signedInUsers(database, userCount, APP_SECRET, PUBLIC_URL);
    return { eventPath, people };
  } finally {
    await database.close();
  }
}

function cpuLine(ms: number, requests: number): void {
  console.log(
    `${"".padEnd(26)} server CPU ${(ms / Math.max(1, requests)).toFixed(2)} ms per request`,
  );
}

/** One autocannon run and the server's CPU per request during it. */
async function phase(server: RunningServer, path: string, title: string, options: LoadOptions) {
  const pid = server.process.pid as number;
  const before = treeCpuMs(pid);
  const result = await measure(`${server.url}${path}`, title, options);
  cpuLine(treeCpuMs(pid) - before, result.requests);
  return result;
}

/** Visitors and signed-in people on one page at once, half the connections each. */
async function mixed(server: RunningServer, path: string, asPeople: LoadOptions) {
  const pid = server.process.pid as number;
  const half = {
    seconds: load.seconds,
    connections: Math.max(1, Math.floor(load.connections / 2)),
  };
  console.log(
    `mixed on ${path}: visitors and signed-in people at once (${half.connections} connections each):`,
  );
  const before = treeCpuMs(pid);
  const [visitors, signedIn] = await Promise.all([
    measure(`${server.url}${path}`, "  visitors", half),
    measure(`${server.url}${path}`, "  signed in", { ...half, headersFor: asPeople.headersFor }),
  ]);
  cpuLine(treeCpuMs(pid) - before, visitors.requests + signedIn.requests);
  return { visitors, signedIn };
}

/** Fails the run when a signed-in page shows another person (assertNoOtherPerson). */
async function checkNoOtherPerson(pageUrl: string, people: People): Promise<void> {
  const ownName = await assertNoOtherPerson(pageUrl, people);
  console.log(
    `${"".padEnd(26)} no other person's data in shared pages: ok (own name on ${ownName} of 3 pages)`,
  );
}

async function rush(server: RunningServer, eventPath: string, people: People): Promise<void> {
  const asPeople: LoadOptions = {
    ...load,
    headersFor: (i) => ({ cookie: (people[i % people.length] as People[number]).cookie }),
  };
  const rows: RushRow[] = [];
  for (const [page, path] of [
    ["GET /", "/"],
    ["GET /{event}", eventPath],
  ] as const) {
    const visitors = await phase(server, path, `${page} (visitors)`, load);
    const signedIn = await phase(server, path, `${page} (signed in)`, asPeople);
    await checkNoOtherPerson(`${server.url}${path}`, people);
    rows.push({ page, visitors, signedIn });
  }
  if (await sessionViewerAnswers(server.url, people[0] as People[number])) {
    await phase(server, "/session/viewer", "GET /session/viewer", asPeople);
    // What the event page asks: the header and the person's hold and tickets there.
    const shortId = eventPath.slice(eventPath.lastIndexOf("-") + 1);
    await phase(server, viewerPath(shortId), "GET /session/viewer?event=", asPeople);
  } else {
    console.log("GET /session/viewer: not available (404)");
  }
  const both = await mixed(server, eventPath, asPeople);
  await checkNoOtherPerson(`${server.url}${eventPath}`, people);
  rows.push({ page: "GET /{event}, mixed", ...both });
  console.log("");
  printRushSummary(rows);
}

const name = `bench_rush_${randomBytes(4).toString("hex")}`;
await adminSql(baseUrl, `create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
try {
  const { eventPath, people } = await prepare(url.toString());
  const server = await spawnServer({
    env: {
      NODE_ENV: "production",
      DATABASE_URL: url.toString(),
      APP_SECRET,
      PUBLIC_URL,
      LOG_LEVEL: "warn",
      ALLOW_OUTBOX_IN_PRODUCTION: "true",
    },
  });
  try {
    console.log(
      `server ${server.url}, demo data, ${people.length} signed-in people, event ${eventPath}`,
    );
    await rush(server, eventPath, people);
    if (server.output().includes('"level":50')) {
      console.log("server logged errors:\n", server.output().slice(-2000));
    }
  } finally {
    await server.stop();
  }
} finally {
  await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
}
