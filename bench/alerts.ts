/**
 * npm run bench:alerts — live alerts over Server-Sent Events (decisions 018, 020).
 * On a new database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/test), two built servers (production mode, one
 * process each). 1 000 team members (BENCH_STREAMS) each open `GET /api/stream` on
 * instance A; prints A's memory per open connection, then the delay from sending an alert
 * (`alerts.send` over HTTP, timed from the request) to its arrival on every stream: p50,
 * p99 and max over BENCH_ROUNDS alerts, with the owner sending through A, then through B.
 * Drops the database at the end.
 */

import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { loadSettings } from "#server/config.ts";
import { teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import { spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";

const admin = (text: string) => adminSql(baseUrl, text);

/** Resident memory (bytes) of a process and its children (a server's workers). */
function rssOf(pid: number): number {
  const kids = readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
    } catch {
      return false;
    }
  });
  const one = (p: number | string) => {
    try {
      const line = readFileSync(`/proc/${p}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      return Number(line?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  return one(pid) + kids.reduce((sum, kid) => sum + one(kid), 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

type Stream = { waiting: Map<string, (at: number) => void>; close(): void };

/** An SSE stream that resolves, per alert subject, the moment that alert arrives. */
async function openStream(url: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/stream`, {
    headers: { accept: "text/event-stream", cookie },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream: ${response.status}`);
  const waiting = new Map<string, (at: number) => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      while (reader) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          for (const [subject, resolve] of waiting) {
            if (block.includes(subject)) {
              waiting.delete(subject);
              resolve(at);
            }
          }
        }
      }
    } catch {
      // closed
    }
  })();
  return { waiting, close: () => controller.abort() };
}

const name = `bench_alerts_${randomBytes(4).toString("hex")}`;
await admin(`create database ${name}`);
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
const serverA = await spawnServer({ env });
const serverB = await spawnServer({ env });
const database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 4 });
const streams: Stream[] = [];
try {
  const settings = loadSettings({ ...env, PGLITE_DIR: "" });
  const services = await createServices(settings, database, createLogger("silent"));
  const owner = await businessOwner(services, "pro");
  const [team] = await database.db
    .insert(teams)
    .values({ businessId: owner.business.id, name: "Bench door" })
    .returning();
  if (!team) throw new Error("no team");
  const teamId = team.id;
  const members = await database.db
    .insert(users)
    .values(
      Array.from({ length: STREAMS }, (_, i) => ({
        name: `Member ${i}`,
        phone: `+4474${String(10_000_000 + i)}`,
        phoneVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  await database.db
    .insert(teamMembers)
    .values(members.map((m) => ({ teamId: team.id, userId: m.id, role: "staff" as const })));
  const client = { ip: "127.0.0.1", userAgent: "bench" };
  const cookies: string[] = [];
  for (const member of members) {
    const issued = await database.db.transaction((tx) =>
      services.auth.startSession(tx, member.id, client),
    );
    cookies.push(`${SESSION_COOKIE}=${issued.sessionToken}`);
  }
  const ownerSession = await database.db.transaction((tx) =>
    services.auth.startSession(tx, owner.user.id, client),
  );

  const before = rssOf(Number(serverA.process.pid));
  for (let i = 0; i < cookies.length; i += 50) {
    streams.push(
      ...(await Promise.all(cookies.slice(i, i + 50).map((c) => openStream(serverA.url, c)))),
    );
  }
  // Every stream reads its topics on connect; settle, then measure the server's memory.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = rssOf(Number(serverA.process.pid));
  console.log(`server: ${serverA.url} and ${serverB.url}, database: postgres (${name})`);
  console.log(
    `${streams.length} open streams on A: RSS ${(before / 2 ** 20).toFixed(0)} MiB → ${(after / 2 ** 20).toFixed(0)} MiB, ${((after - before) / streams.length / 1024).toFixed(1)} KiB per connection`,
  );

  async function round(sender: string, subject: string): Promise<number[]> {
    const arrivals = streams.map(
      (s) =>
        new Promise<number>((resolve) => {
          const timer = setTimeout(() => resolve(Number.NaN), 10_000);
          s.waiting.set(subject, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        }),
    );
    const sentAt = performance.now();
    const response = await fetch(`${sender}/api/fn/alerts.send`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${ownerSession.accessToken}`,
      },
      body: JSON.stringify({
        data: { teamIds: [teamId], subject, body: "Bench alert.", urgency: "normal" },
      }),
    });
    if (!response.ok) throw new Error(`alerts.send: ${response.status} ${await response.text()}`);
    const delays = (await Promise.all(arrivals)).map((at) => at - sentAt);
    const lost = delays.filter(Number.isNaN).length;
    if (lost > 0)
      console.log(`  ${subject}: ${lost} of ${streams.length} streams got nothing in 10 s`);
    return delays.filter((d) => !Number.isNaN(d));
  }

  for (const [label, sender] of [
    ["sender on A (same instance)", serverA.url],
    ["sender on B (other instance)", serverB.url],
  ] as const) {
    await round(sender, `warm-${label}-${randomBytes(3).toString("hex")}`);
    const all: number[] = [];
    const lastArrivals: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const delays = await round(sender, `alert-${randomBytes(6).toString("hex")}`);
      all.push(...delays);
      lastArrivals.push(Math.max(...delays));
    }
    all.sort((x, y) => x - y);
    lastArrivals.sort((x, y) => x - y);
    console.log(
      `${label.padEnd(29)} ${ROUNDS} alerts × ${streams.length} streams: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all.at(-1)?.toFixed(1)} ms; all ${streams.length} reached: median ${percentile(lastArrivals, 50).toFixed(1)} ms`,
    );
  }
} finally {
  for (const s of streams) s.close();
  await serverA.stop();
  await serverB.stop();
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
