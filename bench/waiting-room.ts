/**
 * npm run bench:waiting-room — a hot on-sale through the waiting room (issue 28, part 2):
 * BENCH_PEOPLE (20,000) signed-in people (users and sessions made by bulk SQL) arrive
 * spread evenly over the BENCH_BEFORE_SECONDS (60) before and BENCH_AFTER_SECONDS (60)
 * after the sale start, for BENCH_TICKETS (1,000) free tickets of one event (two ticket
 * types, at most 2 per order), served by two built servers (production mode, one process
 * each; run `npx react-router build` first) on one new PostgreSQL database on
 * BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), dropped
 * at the end; people alternate between the instances and come from BENCH_ADDRESSES
 * (5,000) addresses (X-Forwarded-For; the app trusts a proxy on loopback).
 *
 * Each person asks a challenge, solves it, joins, asks their status about once a second
 * while they have no place, then is told by the room's live messages: BENCH_STREAMS
 * (200) real streams per instance (`GET /api/stream`) of its earliest people stand in
 * for everyone's (each person is told by one of them, on their instance: at the arrival
 * of the first message admitting their place or saying sold out). Admitted people: 80 %
 * hold 1–2 tickets and book, the rest never show.
 *
 * Prints join latency (overall, per instance), the time until each is told (admitted,
 * sold out; from the join or the sale start, whichever is later), anyone never told,
 * tickets sold against capacity (from the database), admission against place order,
 * whether every stream got every room message, and whether the instances agree on the
 * mark. Exits 1 when a check fails.
 *   BENCH_CHECKOUT_CAPACITY (100), BENCH_TIMEOUT_SECONDS (180 after the last arrival),
 *   WAITING_ROOM_POW_BITS (8), WAITING_ROOM_JOINS_PER_ADDRESS (10),
 *   WAITING_ROOM_NO_SHOW_SECONDS (30), BENCH_DB_PREFIX (bench), DB_POOL_MAX
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { waitingRoomTopic } from "#contract/waiting-room.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { makeEvent } from "#tests/support/kits/holds-test-kit.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { bulkSignedInPeople } from "./support/bulk-signed-in.ts";
import { agent } from "./support/callable-client.ts";
import { watchMark } from "./support/mark-watch.ts";
import { commandCpuMs, treeCpuMs } from "./support/process-cpu.ts";
import { openRoomStream, type RoomStream } from "./support/room-stream.ts";
import {
  printAdmissionOrder,
  printOversold,
  printStreamDelivery,
} from "./support/waiting-room-checks.ts";
import { type Outcome, type Person, type Room, visit } from "./support/waiting-room-person.ts";
import { printJoins, printPurchases, printTold } from "./support/waiting-room-report.ts";

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PEOPLE = knob("BENCH_PEOPLE", 20_000);
const TICKETS = knob("BENCH_TICKETS", 1000);
const BEFORE_MS = knob("BENCH_BEFORE_SECONDS", 60) * 1000;
const AFTER_MS = knob("BENCH_AFTER_SECONDS", 60) * 1000;
const ADDRESSES = knob("BENCH_ADDRESSES", 5000);
const STREAMS = knob("BENCH_STREAMS", 200);
const CHECKOUT_CAPACITY = knob("BENCH_CHECKOUT_CAPACITY", 100);
const TIMEOUT_MS = knob("BENCH_TIMEOUT_SECONDS", 180) * 1000;
const SHOW_RATE = 0.8;
/** Streams stay open this long after the last person is done; later messages are not expected. */
const STREAM_GRACE_MS = 5000;
const INSTANCES = 2;
const room = {
  WAITING_ROOM_POW_BITS: process.env.WAITING_ROOM_POW_BITS ?? "8",
  WAITING_ROOM_JOINS_PER_ADDRESS: process.env.WAITING_ROOM_JOINS_PER_ADDRESS ?? "10",
  WAITING_ROOM_NO_SHOW_SECONDS: process.env.WAITING_ROOM_NO_SHOW_SECONDS ?? "30",
};
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";

/** The address of the k-th of ADDRESSES: 10.x.y.z. */
const addressOf = (k: number) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

/** Who comes when, where and to do what; the earliest STREAMS of each instance first. */
function plan(
  signedIn: { userId: string; token: string; cookie: string }[],
  typeIds: string[],
  saleStartsAt: number,
): Person[] {
  return signedIn
    .map((person, k) => ({
      ...person,
      arriveAt: saleStartsAt - BEFORE_MS + Math.random() * (BEFORE_MS + AFTER_MS),
      instance: k % INSTANCES,
      address: addressOf(1 + (k % ADDRESSES)),
      shows: Math.random() < SHOW_RATE,
      quantity: (Math.random() < 0.5 ? 1 : 2) as 1 | 2,
      ticketTypeIds: (Math.random() < 0.5 ? typeIds : [...typeIds].reverse()) as [string, string],
    }))
    .sort((a, b) => a.arriveAt - b.arriveAt);
}

/**
 * Everyone's visit. The i-th person of an instance is told by the stream of its
 * (i mod STREAMS)-th: the earliest STREAMS people open theirs once they have joined.
 */
async function run(people: Person[], rooms: Room[], topic: string) {
  const streams: RoomStream[][] = rooms.map(() => []);
  const opened = rooms.map(() =>
    Array.from({ length: STREAMS }, () => {
      let resolve: (stream: RoomStream | null) => void = () => {};
      const promise = new Promise<RoomStream | null>((done) => (resolve = done));
      return { promise, resolve };
    }),
  );
  const seen = rooms.map(() => 0);
  const outcomes = await Promise.all(
    people.map((person) => {
      const i = person.instance;
      const rank = seen[i] ?? 0;
      seen[i] = rank + 1;
      const slot = opened[i]?.[rank % STREAMS] as {
        promise: Promise<RoomStream | null>;
        resolve(stream: RoomStream | null): void;
      };
      const onJoin =
        rank < STREAMS
          ? () =>
              void openRoomStream(rooms[i]?.url as string, person.cookie, topic).then(
                (stream) => {
                  streams[i]?.push(stream);
                  slot.resolve(stream);
                },
                () => slot.resolve(null),
              )
          : undefined;
      return visit(rooms[i] as Room, person, () => slot.promise, onJoin).then((outcome) => {
        // A sample person who could not join opens no stream: theirs tell nobody.
        if (rank < STREAMS && outcome.joinMs === null) slot.resolve(null);
        return outcome;
      });
    }),
  );
  return { outcomes, streams };
}

async function prepare(database: DatabaseHandle) {
  const half = Math.ceil(TICKETS / 2);
  const { event, types } = await makeEvent(database.db, {
    types: [
      { name: "Standing", capacity: half, perOrderLimit: 2 },
      { name: "Seated", capacity: TICKETS - half, perOrderLimit: 2 },
    ],
  });
  console.log(`making ${PEOPLE + 1} signed-in people by bulk SQL…`);
  const signedIn = await bulkSignedInPeople(database, PEOPLE + 1, APP_SECRET);
  return { event, typeIds: types.map((t) => t.id), watcher: signedIn.pop(), signedIn };
}

/** What an instance logged at warn or above, each message once with its count. */
function printServerLog(label: string, output: string): void {
  const counts = new Map<string, number>();
  for (const line of output.split("\n")) {
    const entry = /"level":(\d+).*"msg":"([^"]*)"/.exec(line);
    // The bench closes its streams at the end: the server's "request aborted" is that.
    if (!entry || Number(entry[1]) < 40 || entry[2] === "request aborted") continue;
    const key = `${Number(entry[1]) >= 50 ? "error" : "warn"}: ${entry[2]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [message, n] of counts) console.log(`${label} logged ${message} ×${n}`);
}

function startServer(databaseUrl: string): Promise<RunningServer> {
  return spawnServer({
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      PUBLIC_URL,
      ALLOW_OUTBOX_IN_PRODUCTION: "true",
      LOG_LEVEL: "warn",
      DEMO_DATA: "off",
      WEB_CONCURRENCY: "1",
      ...room,
    },
  });
}

const name = `${process.env.BENCH_DB_PREFIX ?? "bench"}_waiting_room_${randomBytes(4).toString("hex")}`;
await adminSql(baseUrl, `create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
let database: DatabaseHandle | undefined;
const servers: RunningServer[] = [];
let failures = 0;
try {
  database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 4 });
  const { event, typeIds, watcher, signedIn } = await prepare(database);
  for (let i = 0; i < INSTANCES; i++) servers.push(await startServer(databaseUrl));
  // The first arrivals come a few seconds from now; the sale starts BEFORE_MS after them.
  const saleStartsAt = Date.now() + 3000 + BEFORE_MS;
  await database.db.execute(sql`
    insert into event_waiting_rooms (event_id, enabled, sale_starts_at, checkout_capacity)
    values (${event.id}::uuid, true, ${new Date(saleStartsAt).toISOString()}, ${CHECKOUT_CAPACITY})`);
  const people = plan(signedIn, typeIds, saleStartsAt);
  const lastArrival = people.at(-1)?.arriveAt ?? saleStartsAt;
  const rooms = servers.map((server) => ({
    url: server.url,
    eventRef: event.shortId,
    saleStartsAt,
    deadline: lastArrival + TIMEOUT_MS,
  }));
  console.log(
    `${PEOPLE} people over ${(BEFORE_MS + AFTER_MS) / 1000} s around the sale start, ${TICKETS} tickets (2 types, ≤ 2 per order), ${INSTANCES} instances (${servers.map((s) => s.url).join(", ")}), ${ADDRESSES} addresses, ${STREAMS} streams per instance, checkout capacity ${CHECKOUT_CAPACITY}, ${Object.entries(
      room,
    )
      .map(([key, value]) => `${key}=${value}`)
      .join(", ")}`,
  );
  const mark = watchMark(
    servers.map((s) => s.url),
    watcher?.token as string,
    event.shortId,
  );
  const cpuBefore = process.cpuUsage();
  const serversBefore = servers.map((s) => treeCpuMs(s.process.pid as number));
  const postgresBefore = commandCpuMs("postgres");
  const { outcomes, streams } = await run(people, rooms, waitingRoomTopic(event.id));
  const cpu = process.cpuUsage(cpuBefore);
  const serversCpu = servers.map(
    (s, i) => treeCpuMs(s.process.pid as number) - (serversBefore[i] ?? 0),
  );
  const postgresCpu = commandCpuMs("postgres") - postgresBefore;
  // Let the last messages reach the streams before they are compared.
  await new Promise((resolve) => setTimeout(resolve, STREAM_GRACE_MS));
  for (const stream of streams.flat()) stream.close();
  const closedAt = Date.now();
  console.log("");
  printJoins(people, outcomes as Outcome[], INSTANCES, saleStartsAt);
  failures += printTold(outcomes, saleStartsAt);
  printPurchases(people, outcomes);
  failures += await printOversold(database.db, event.id);
  failures += await printAdmissionOrder(database.db, event.id);
  failures += await printStreamDelivery(
    database.db,
    waitingRoomTopic(event.id),
    streams,
    closedAt,
    STREAM_GRACE_MS,
  );
  failures += await mark.stop();
  console.log(
    `run: ${((Date.now() - (people[0]?.arriveAt ?? 0)) / 1000).toFixed(0)} s from the first arrival; CPU s of the instances ${serversCpu.map((ms) => (ms / 1000).toFixed(1)).join(" + ")}, of PostgreSQL (all of its processes) ${(postgresCpu / 1000).toFixed(1)}, of this bench (the people, their proofs and streams) ${((cpu.user + cpu.system) / 1e6).toFixed(1)}`,
  );
  for (const [i, server] of servers.entries()) printServerLog(`instance ${i + 1}`, server.output());
} finally {
  agent.destroy();
  for (const server of servers) await server.stop();
  await database?.close();
  await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
}
if (failures > 0) process.exitCode = 1;
