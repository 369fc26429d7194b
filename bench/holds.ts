/**
 * npm run bench:holds — the hot ticket: C signed-in clients (each its own user and
 * session, bearer access tokens) hold 1 ticket of ONE ticket type over HTTP
 * (`/api/fn/holds.create`) and release it (`holds.release`), for T seconds, against the
 * built server (production mode, its own process) on a fresh PostgreSQL database made on
 * BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), dropped
 * at the end. Then the same work as raw SQL (the server's own hold and release
 * statements through `pg`, at the same concurrency) and the ratio HTTP/raw.
 * Each is run twice, back to back: batched (the default, decision 015: concurrent holds
 * of the type share one statement) and single-row (HOLD_BATCHING=off: one statement per
 * hold, every one waiting for the row lock of the one before). After the batched HTTP run,
 * the floor: the same clients sending pairs of `GET /healthz` (no logging, no database), the
 * most this server and loopback answer here, and so the highest HTTP/raw ratio possible.
 *
 *   node bench/holds.ts [--clients 64] [--seconds 10]
 *   node bench/holds.ts --sellout [--capacity 1000] [--buyers 5000] [--clients 64]
 *
 * Sell-out mode: `buyers` users (C at a time) each try to hold 1 ticket of a type of
 * capacity K, once; prints how long until sold out and that exactly K were sold.
 * Always prints errors by code and the oversold count (taken vs live holds vs capacity).
 *   --profile DIR: the server runs with --cpu-prof and writes its profile into DIR.
 *   BUILD_DIR (default build), DB_POOL_MAX (the server's pool, default 10)
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import {
  groupStats,
  releaseAlone,
  releaseGrouped,
  takeAlone,
  takeGrouped,
} from "#server/modules/holds/hold-batching.ts";
import { type Database, type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { inventoryOf, makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { agent, callFn } from "./support/callable-client.ts";
import { httpFloor } from "./support/http-floor.ts";
import { report, type Sample } from "./support/latency-report.ts";
import { signedInUsers } from "./support/signed-in-users.ts";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string", default: "64" },
    seconds: { type: "string", default: "10" },
    sellout: { type: "boolean", default: false },
    capacity: { type: "string", default: "1000" },
    buyers: { type: "string", default: "5000" },
    /** A folder: the server runs with --cpu-prof and leaves its profile there. */
    profile: { type: "string" },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const serverPool = process.env.DB_POOL_MAX ?? "10";
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";

const adminQuery = (text: string) => adminSql(baseUrl, text);

/** C clients hold 1 and release, over HTTP, until the time is up. */
async function httpHoldRelease(
  server: RunningServer,
  people: { token: string }[],
  eventId: string,
  ticketTypeId: string,
): Promise<{ samples: Sample[]; elapsed: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    people.map(async ({ token }) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const held = await callFn(server, "holds.create", token, {
          eventId,
          items: [{ ticketTypeId, quantity: 1 }],
          idempotencyKey: randomUUID(),
        });
        const ms = performance.now() - t0;
        if (!held.body.result) {
          samples.push({ ms, code: `${held.http} ${held.body.error?.status ?? "?"}` });
          continue;
        }
        samples.push({ ms, code: "ok" });
        const released = await callFn(server, "holds.release", token, {
          holdId: held.body.result.id,
        });
        if (released.http !== 200) samples.push({ ms: 0, code: `release ${released.http}` });
      }
    }),
  );
  return { samples, elapsed: performance.now() - started };
}

/** The same work as raw SQL: the server's hold statement, then its release statement. */
async function rawHoldRelease(
  poolSize: number,
  people: { userId: string }[],
  eventId: string,
  ticketTypeId: string,
  databaseUrl: string,
  batched: boolean,
): Promise<{ samples: Sample[]; elapsed: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const db = drizzle(pool) as unknown as Database;
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    people.map(async ({ userId }) => {
      while (performance.now() < deadline) {
        const holdId = randomUUID();
        const t0 = performance.now();
        const input = {
          holdId,
          userId,
          eventId,
          lines: [{ ticketTypeId, quantity: 1 }],
          holdMinutes: 10,
          idempotencyKey: randomUUID(),
        };
        // The server's own calls: batched, or one prepared statement per hold.
        const row = batched ? await takeGrouped(db, input) : await takeAlone(db, input);
        const ms = performance.now() - t0;
        if (!row?.hold_id) {
          samples.push({ ms, code: "short" });
          continue;
        }
        samples.push({ ms, code: "ok" });
        if (batched) await releaseGrouped(db, holdId, userId);
        else await releaseAlone(db, { holdId, userId });
      }
    }),
  );
  const elapsed = performance.now() - started;
  if (batched) {
    const stats = groupStats(db);
    console.log(`  (${stats.batches} batches, largest ${stats.largest})`);
  }
  await pool.end();
  return { samples, elapsed };
}

async function oversold(database: DatabaseHandle, ticketTypeId: string): Promise<number> {
  const counts = await inventoryOf(database.db, ticketTypeId);
  const over =
    Math.max(0, counts.taken - counts.capacity) +
    Math.abs(counts.taken - counts.held - counts.ticketed);
  console.log(
    `oversold: ${over}  (taken ${counts.taken}, live holds ${counts.held}, tickets ${counts.ticketed}, capacity ${counts.capacity})`,
  );
  return over;
}

async function warmUp(
  server: RunningServer,
  people: { token: string }[],
  eventId: string,
  ticketTypeId: string,
) {
  // Connections, JIT, the server's session cache.
  await Promise.all(
    people.map((p) =>
      callFn(server, "holds.create", p.token, {
        eventId,
        items: [{ ticketTypeId, quantity: 1 }],
        idempotencyKey: randomUUID(),
      }).then(
        (r) =>
          r.body.result && callFn(server, "holds.release", p.token, { holdId: r.body.result.id }),
      ),
    ),
  );
}

async function hotLoop(database: DatabaseHandle, databaseUrl: string) {
  const { event, types } = await makeEvent(database.db, { types: [{ capacity: 1_000_000 }] });
  const type = nth(types, 0);
  const people = await signedInUsers(database, clients, APP_SECRET, PUBLIC_URL);
  console.log(`hold 1 + release, ${clients} clients, ${seconds} s each, server pool ${serverPool}`);
  const rates: Record<string, number> = {};
  for (const batching of ["on", "off"] as const) {
    const label = batching === "on" ? "batched" : "single-row";
    const server = await startServer(databaseUrl, batching);
    try {
      await warmUp(server, people, event.shortId, type.id);
      const http = await httpHoldRelease(server, people, event.shortId, type.id);
      rates[`http ${batching}`] = report(`HTTP /api/fn, ${label}`, http.samples, http.elapsed);
      if (batching === "on") {
        const floor = await httpFloor(server, clients, seconds);
        rates.floor = report(
          "HTTP floor, 2 × /healthz",
          floor.samples,
          floor.elapsed,
          false,
          "pairs",
        );
      }
    } finally {
      await server.stop();
    }
    await oversold(database, type.id);
  }
  const small = Number(serverPool);
  for (const batched of [true, false]) {
    const label = batched ? "batched" : "single-row";
    for (const pool of batched ? [small] : [clients, small]) {
      const raw = await rawHoldRelease(pool, people, event.id, type.id, databaseUrl, batched);
      const rate = report(`raw SQL, ${label}, pool ${pool}`, raw.samples, raw.elapsed);
      rates[`raw ${batched ? "on" : "off"}`] = Math.max(
        rates[`raw ${batched ? "on" : "off"}`] ?? 0,
        rate,
      );
    }
  }
  await oversold(database, type.id);
  const ratio = (a: string, b: string) => ((rates[a] ?? 0) / (rates[b] || 1)).toFixed(2);
  console.log(
    `ratio HTTP/raw (vs the faster raw run of the same kind): batched ${ratio("http on", "raw on")}, ` +
      `single-row ${ratio("http off", "raw off")}`,
  );
  console.log(
    `the highest ratio this machine allows (HTTP floor/raw batched): ${ratio("floor", "raw on")}`,
  );
  console.log(
    `batched/single-row: HTTP ${ratio("http on", "http off")}, raw ${ratio("raw on", "raw off")}`,
  );
}

async function sellOut(database: DatabaseHandle, server: RunningServer) {
  const capacity = Number(args.capacity);
  const buyers = Number(args.buyers);
  const { event, types } = await makeEvent(database.db, { types: [{ capacity }] });
  const type = nth(types, 0);
  console.log(`making ${buyers} signed-in buyers…`);
  const people = await signedInUsers(database, buyers, APP_SECRET, PUBLIC_URL);
  console.log(`sell-out: capacity ${capacity}, ${buyers} buyers, ${clients} at a time`);
  const samples: Sample[] = [];
  const messages = new Map<string, number>();
  let next = 0;
  let sold = 0;
  let soldOutAt = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < people.length; i = next++) {
        const person = nth(people, i);
        const t0 = performance.now();
        const held = await callFn(server, "holds.create", person.token, {
          eventId: event.shortId,
          items: [{ ticketTypeId: type.id, quantity: 1 }],
          idempotencyKey: randomUUID(),
        });
        const ms = performance.now() - t0;
        if (held.body.result) {
          samples.push({ ms, code: "ok" });
          if (++sold === capacity) soldOutAt = performance.now();
        } else {
          const text = held.body.error?.message ?? `HTTP ${held.http}`;
          messages.set(text, (messages.get(text) ?? 0) + 1);
          samples.push({ ms, code: `${held.http} ${held.body.error?.status ?? "?"}` });
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  report("sell-out over HTTP", samples, elapsed, true);
  console.log(
    soldOutAt
      ? `sold out after ${((soldOutAt - started) / 1000).toFixed(2)} s (${(capacity / ((soldOutAt - started) / 1000)).toFixed(0)} holds/s); all ${buyers} answered in ${(elapsed / 1000).toFixed(2)} s`
      : "never sold out",
  );
  console.log(`sold ${sold} of ${capacity}: ${sold === capacity ? "exactly K" : "WRONG"}`);
  console.log(`refusals: ${[...messages].map(([m, n]) => `"${m}"×${n}`).join(" ") || "none"}`);
  await oversold(database, type.id);
}

function startServer(databaseUrl: string, batching: "on" | "off"): Promise<RunningServer> {
  return spawnServer({
    command: args.profile
      ? [process.execPath, "--cpu-prof", `--cpu-prof-dir=${args.profile}`, "server/main.ts"]
      : undefined,
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      PUBLIC_URL,
      ALLOW_OUTBOX_IN_PRODUCTION: "true",
      DB_POOL_MAX: serverPool,
      LOG_LEVEL: "warn",
      HOLD_BATCHING: batching,
    },
  });
}

const name = `bench_holds_${randomBytes(4).toString("hex")}`;
await adminQuery(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
let database: DatabaseHandle | undefined;
let server: RunningServer | undefined;
try {
  database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 8 });
  if (args.sellout) {
    server = await startServer(databaseUrl, process.env.HOLD_BATCHING === "off" ? "off" : "on");
    await sellOut(database, server);
    if (server.output().includes('"level":50'))
      console.log("server logged errors:\n", server.output().slice(-2000));
  } else await hotLoop(database, databaseUrl);
} finally {
  agent.destroy();
  await server?.stop();
  await database?.close();
  await adminQuery(`drop database if exists ${name} with (force)`);
}
