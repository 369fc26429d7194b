/**
 * npm run bench:exports — the organiser's CSV exports of a big event (issue 25).
 * On PostgreSQL (a new database on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test): an event with BENCH_TICKETS (default 100,000)
 * tickets in orders of 4, set up by bulk SQL; the built server in its own process
 * (production, one process), BENCH_CHECKED_IN (default 0.3) of its tickets checked in
 * at a team's door. Downloads `/business/events/{id}/orders.csv`, `…/attendees.csv` and
 * the team's `/team_coordinator/report/{teamId}/check-ins.csv` as the owner and prints,
 * for each: rows, bytes, time, time to first byte, and the server's peak RSS rise while
 * it streamed (VmRSS of /proc/{pid}/status, sampled every 10 ms, over its value just
 * before). Drops the database at the end.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadSettings } from "#server/config.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import { spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { bookedEvent } from "./support/booked-event.ts";
import { downloadCsv as download, mb } from "./support/csv-download.ts";
import { sessionCookie } from "./support/session-cookie.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const CHECKED_IN = Number(process.env.BENCH_CHECKED_IN ?? 0.3);
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";

const name = `bench_exports_${randomBytes(4).toString("hex")}`;
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
const server = await spawnServer({ env });
const database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 4 });
try {
  const settings = loadSettings({ ...env, PGLITE_DIR: "" });
  const services = await createServices(settings, database, createLogger("silent"));
  const db = database.db;
  const owner = await businessOwner(services, "pro");
  const setupStarted = performance.now();
  const { event, orders } = await bookedEvent(db, owner.business.id, TICKETS, {
    bookedOverDays: 30,
  });
  const [team] = await rowsOf<{ id: string }>(
    db,
    sql`insert into teams (business_id, name) values (${owner.business.id}::uuid, 'Main gate')
      returning id`,
  );
  await db.execute(sql`insert into team_events (team_id, event_id)
    values (${team?.id}::uuid, ${event.id}::uuid)`);
  await db.execute(sql`insert into check_ins (ticket_id, event_id, staff_name, device_id, method,
      created_at)
    select id, event_id, 'Stan Staff', 'gate-1', 'scan', now() - random() * interval '3 hours'
    from tickets where event_id = ${event.id}::uuid and random() < ${CHECKED_IN}::float8`);
  await db.execute(sql`analyze`);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const session = await db.transaction((tx) =>
    services.auth.startSession(tx, owner.user.id, { ip: "127.0.0.1", userAgent: "bench" }),
  );
  const cookie = sessionCookie(session);
  const pid = Number(server.process.pid);
  console.log(
    `server: ${server.url}, database: postgres (${name}), ${orders} orders, ${TICKETS} tickets (set up in ${setupSeconds.toFixed(1)} s)`,
  );
  // Warm-up: the route's modules loaded, a connection open, before memory is measured.
  await download(`${server.url}/business/events/${event.id}/orders.csv`, cookie, pid);
  const files = {
    "orders.csv": `/business/events/${event.id}/orders.csv`,
    "attendees.csv": `/business/events/${event.id}/attendees.csv`,
    "check-ins.csv": `/team_coordinator/report/${team?.id}/check-ins.csv`,
  };
  for (const [file, path] of Object.entries(files)) {
    const r = await download(`${server.url}${path}`, cookie, pid);
    console.log(
      `${file.padEnd(14)} ${String(r.rows).padStart(7)} rows  ${mb(r.bytes).padStart(8)}  ${(r.ms / 1000).toFixed(2)} s  first byte ${r.firstByte.toFixed(0)} ms  RSS ${mb(r.before)} → peak ${mb(r.peak)} (rise ${mb(r.peak - r.before)})`,
    );
  }
} finally {
  await database.close();
  await server.stop();
  await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
}
