/**
 * npm run bench:events — discovery under load on PostgreSQL with 10 000 events: a new
 * database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test)
 * gets 10 000 events with their ticket types, is vacuumed and analysed as autovacuum
 * would leave it, and serves the built server (production mode); autocannon then loads
 * `GET /`, `GET /?q=jazz` and `GET /{id}`, twice back to back: every request rendered
 * (PUBLIC_CACHE_SECONDS=0, "before") and through the shared page cache (the default,
 * decision 017, "after"). Prints req/s, p50, p99, failures, the cache hit ratio and the
 * server's CPU milliseconds per request (per render when uncached), then the gzip weight
 * of the JavaScript and CSS of every public page. Drops the database at the end.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_EVENTS (default 10000),
 *   BUILD_DIR (default build), BENCH_PROFILE (a folder: the uncached server runs with
 *   --cpu-prof and leaves its profile there; scripts/profile-render.sh)
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { insertBulkEvents } from "#server/modules/demo/bulk-events.ts";
import { eventPath } from "#server/modules/events/event-ids.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { measure } from "./support/load.ts";
import { pageWeight, printWeight, publicPages } from "./support/page-weight.ts";
import { treeCpuMs } from "./support/process-cpu.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const load = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const eventCount = Number(process.env.BENCH_EVENTS ?? 10_000);
const clientDir = path.join(projectRoot, process.env.BUILD_DIR ?? "build", "client");

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Seeds the events and returns the path of one that is on soon (for `GET /{id}`). */
async function seed(url: string): Promise<string> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: url, pgliteDir: "", poolMax: 2 });
  try {
    await insertBulkEvents(database.db, { count: eventCount });
    await database.db.execute(sql`vacuum analyze`);
    const result = (await database.db.execute(sql`
      select short_id, title from events
      where status = 'published' and starts_at > now() + interval '1 day'
      order by starts_at limit 1`)) as unknown as { rows: { short_id: string; title: string }[] };
    const event = result.rows[0];
    if (!event) throw new Error("no published event was seeded");
    console.log(`seeded ${eventCount} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return eventPath({ title: event.title, shortId: event.short_id });
  } finally {
    await database.close();
  }
}

const name = `bench_events_${randomBytes(4).toString("hex")}`;
await admin((client) => client.query(`create database ${name}`));
const url = new URL(baseUrl);
url.pathname = `/${name}`;
try {
  const eventUrlPath = await seed(url.toString());
  const pages: [string, string][] = [
    ["GET /", "/"],
    ["GET /?q=jazz", "/?q=jazz"],
    ["GET /{id}", eventUrlPath],
  ];
  const profile = process.env.BENCH_PROFILE;
  for (const cache of ["off", "on"] as const) {
    const server = await spawnServer({
      command:
        profile && cache === "off"
          ? [process.execPath, "--cpu-prof", `--cpu-prof-dir=${profile}`, "server/main.ts"]
          : undefined,
      env: {
        NODE_ENV: "production",
        DATABASE_URL: url.toString(),
        PUBLIC_URL: "http://bench.invalid",
        APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret!!",
        LOG_LEVEL: "warn",
        ALLOW_OUTBOX_IN_PRODUCTION: "true",
        DEMO_DATA: "off",
        ...(cache === "off" ? { PUBLIC_CACHE_SECONDS: "0" } : {}),
      },
    });
    try {
      const pid = server.process.pid as number;
      console.log(
        cache === "off"
          ? `every request rendered (PUBLIC_CACHE_SECONDS=0): server ${server.url}, event ${eventUrlPath}`
          : "through the shared page cache (default: fresh 1 s, stale 2 s):",
      );
      for (const [title, pagePath] of pages) {
        const before = treeCpuMs(pid);
        const result = await measure(`${server.url}${pagePath}`, `${title} (cache ${cache})`, load);
        const cpu = (treeCpuMs(pid) - before) / Math.max(1, result.requests);
        console.log(
          `${"".padEnd(26)} server CPU ${cpu.toFixed(2)} ms per request${cache === "off" ? " (= per render)" : ""}`,
        );
      }
      if (cache === "on") {
        console.log("JS and CSS of every public page:");
        for (const pagePath of publicPages(eventUrlPath)) {
          printWeight(pagePath, await pageWeight(`${server.url}${pagePath}`, clientDir));
        }
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}
