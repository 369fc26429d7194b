/**
 * npm run bench:big-event — one event at 1,000, 10,000 and 100,000 booked tickets (issue 27).
 * On PostgreSQL (a new database per size on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test), set up by bulk SQL (bench/support/booked-event.ts:
 * the type's `taken` equal to its ticket rows; every ticket passed on to a guest of its own,
 * so there are as many holders as tickets), 30 % of them checked in (bulk SQL, the
 * tickets' status with them); a team working the event with one staff member. The built
 * server (production, one process) sends mail and SMS to local counting peers.
 * Per size, one after another on the same server:
 * 1. `checkin.scan`: BENCH_SCANS (default 200) valid tickets scanned one after another;
 * 2. `checkin.search`: BENCH_SEARCHES (default 100) of each kind: a last name (a substring
 *    of many names), a first name and the start of a last name ("Ann Oka"), a phone's last
 *    6 digits, a booking reference as printed;
 * 3. the team report page (`/team_coordinator/report/{team}`) as the owner, 20 times;
 * 4. the check-ins CSV: rows, time, first byte, the server's peak RSS rise;
 * 5. an attendee message to every holder: the time until every recipient is queued
 *    (the message `sent`) and the rate, then until the peers have every email and SMS
 *    (each wait stops after BENCH_MESSAGE_SECONDS, default 300, and says how far it got).
 * Prints each size's figures as it goes, then the table of every size side by side.
 * BENCH_SIZES=1000,10000 picks the sizes. Drops each database.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadSettings } from "#server/config.ts";
import { teamEvents, teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { qrTokenFor } from "#server/modules/tickets/ticket-qr.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import { makeUser } from "#tests/support/kits/holds-test-kit.ts";
import { spawnServer } from "#tests/support/spawn-server.ts";
import { adminSql } from "./support/admin-sql.ts";
import { bookedEvent } from "./support/booked-event.ts";
import { callFn } from "./support/callable-client.ts";
import { checkInShare } from "./support/checked-in.ts";
import { startCountingPeers } from "./support/counting-peers.ts";
import { downloadCsv, mb } from "./support/csv-download.ts";
import { percentile } from "./support/latency-report.ts";
import { sessionCookie } from "./support/session-cookie.ts";

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const SCANS = Number(process.env.BENCH_SCANS ?? 200);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100);
const PAGES = 20;
const CHECKED_IN = 0.3;
const APP_SECRET = randomBytes(32).toString("base64url");
const PUBLIC_URL = "http://bench.invalid";
/** How long the message may take to reach the peers before the bench stops waiting. */
const DELIVERY_LIMIT_MS = Number(process.env.BENCH_MESSAGE_SECONDS ?? 300) * 1000;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

/** Runs `call` once per item, one after another; answers p50 and p99 of the times. */
async function timed<T>(items: T[], call: (item: T) => Promise<void>) {
  const times: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await call(item);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const peers = await startCountingPeers();

/** Every figure of one size, by the table's row. */
async function measure(tickets: number): Promise<Map<string, string>> {
  const figures = new Map<string, string>();
  const name = `bench_big_${randomBytes(4).toString("hex")}`;
  await adminSql(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    APP_SECRET,
    PUBLIC_URL,
    LOG_LEVEL: "warn",
    DEMO_DATA: "off",
    WEB_CONCURRENCY: "1",
    ...peers.settings,
  };
  const server = await spawnServer({ env });
  const database = await openDatabase({ databaseUrl, pgliteDir: "", poolMax: 4 });
  try {
    const services = await createServices(
      loadSettings({ ...env, PGLITE_DIR: "" }),
      database,
      createLogger("silent"),
    );
    const db = database.db;
    const setupStarted = performance.now();
    const owner = await businessOwner(services, "pro");
    const { event } = await bookedEvent(db, owner.business.id, tickets, {
      guestsHoldTickets: true,
    });
    const [team] = await db
      .insert(teams)
      .values({ businessId: owner.business.id, name: "Bench door" })
      .returning();
    if (!team) throw new Error("no team");
    await db.insert(teamEvents).values({ teamId: team.id, eventId: event.id });
    const staff = await makeUser(db, { name: "Door Staff" });
    await db.insert(teamMembers).values({ teamId: team.id, userId: staff.id, role: "staff" });
    await checkInShare(db, event.id, staff.id, CHECKED_IN);
    await db.execute(sql`analyze`);
    const setupMs = performance.now() - setupStarted;
    const start = (userId: string) =>
      db.transaction((tx) =>
        services.auth.startSession(tx, userId, { ip: "127.0.0.1", userAgent: "bench" }),
      );
    const ownerSession = await start(owner.user.id);
    const staffSession = await start(staff.id);
    const cookie = sessionCookie(ownerSession);
    console.log(
      `\n${tickets} tickets: database ${name}, set up in ${seconds(setupMs)}, server ${server.url}`,
    );

    // 1. Scans of valid tickets, one after another.
    const ring = await ticketKeyRing(db, APP_SECRET);
    const valid = await rowsOf<{ id: string; generation: number }>(
      db,
      sql`select id, generation from tickets where event_id = ${event.id}::uuid
        and status = 'valid' order by md5(id::text) limit ${SCANS}`,
    );
    const codes = valid.map((t) =>
      qrTokenFor(ring, { id: t.id, eventShortId: event.shortId, generation: Number(t.generation) }),
    );
    const verdicts = new Map<string, number>();
    const scan = await timed(codes, async (code) => {
      const answer = await callFn(server, "checkin.scan", staffSession.accessToken, {
        eventId: event.id,
        code,
        deviceId: "bench-scanner",
        scanId: randomUUID(),
      });
      const result = answer.body.result as { verdict?: string } | undefined;
      const verdict = result?.verdict ?? answer.body.error?.status ?? String(answer.http);
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
    });
    figures.set("checkin.scan p50 / p99", `${ms(scan.p50)} / ${ms(scan.p99)}`);
    console.log(`scan: ${ms(scan.p50)} / ${ms(scan.p99)} ${JSON.stringify([...verdicts])}`);

    // 2. The desk's searches, by kind.
    const samples = await rowsOf<{ attendee_name: string; phone: string; reference: string }>(
      db,
      sql`select k.attendee_name, h.phone, b.reference
        from tickets k join users h on h.id = k.holder_user_id join bookings b on b.id = k.booking_id
        where k.event_id = ${event.id}::uuid order by md5(k.id::text) limit ${SEARCHES}`,
    );
    const kinds: [string, (s: (typeof samples)[number]) => string][] = [
      ["last name (substring)", (s) => s.attendee_name.split(" ")[1] ?? ""],
      [
        'name prefix ("Ann Oka")',
        (s) => s.attendee_name.slice(0, s.attendee_name.indexOf(" ") + 4),
      ],
      ["phone suffix (6 digits)", (s) => s.phone.slice(-6)],
      ["booking reference", (s) => s.reference],
    ];
    for (const [kind, typed] of kinds) {
      let found = 0;
      const search = await timed(samples, async (sample) => {
        const answer = await callFn(server, "checkin.search", staffSession.accessToken, {
          eventId: event.id,
          query: typed(sample),
        });
        const result = answer.body.result as { tickets?: unknown[] } | undefined;
        if (!result?.tickets) throw new Error(`search: ${JSON.stringify(answer.body)}`);
        if (result.tickets.length > 0) found += 1;
      });
      figures.set(`checkin.search, ${kind} p50 / p99`, `${ms(search.p50)} / ${ms(search.p99)}`);
      console.log(
        `search, ${kind}: ${ms(search.p50)} / ${ms(search.p99)} (found for ${found} of ${samples.length})`,
      );
    }

    // 3. The team report page, as the owner.
    const reportPath = `${server.url}/team_coordinator/report/${team.id}`;
    const loadReport = async () => {
      const response = await fetch(reportPath, { headers: { cookie } });
      await response.text();
      if (response.status !== 200) throw new Error(`report page: ${response.status}`);
    };
    for (let i = 0; i < 3; i++) await loadReport();
    const report = await timed(Array.from({ length: PAGES }), loadReport);
    figures.set("team report page p50 / p99", `${ms(report.p50)} / ${ms(report.p99)}`);
    console.log(`team report page: ${ms(report.p50)} / ${ms(report.p99)}`);

    // 4. The check-ins CSV.
    const pid = Number(server.process.pid);
    const csv = await downloadCsv(`${reportPath}/check-ins.csv`, cookie, pid);
    const csvCell = `${csv.rows} rows, ${seconds(csv.ms)}, first byte ${csv.firstByte.toFixed(0)} ms, RSS +${mb(csv.peak - csv.before)}`;
    figures.set("check-ins CSV", csvCell);
    console.log(`check-ins CSV: ${csvCell}`);

    // 5. An attendee message to every holder.
    figures.set("attendee message: all queued (rate)", "");
    figures.set("attendee message: all handed to the peers", "");
    const before = { ...peers.counts };
    const sentAt = performance.now();
    const sent = await callFn(server, "attendeeMessages.send", ownerSession.accessToken, {
      eventId: event.id,
      subject: "Gates open at 18:00",
      body: "Bring your ticket and a photo ID. The east gate is closed tonight.",
    });
    const messageId = sent.body.result?.id;
    if (!messageId) throw new Error(`send: ${JSON.stringify(sent.body)}`);
    let queuedMs = 0;
    let total = 0;
    let delivered = 0;
    for (;;) {
      const [row] = await rowsOf<{ status: string; total: number; delivered: number }>(
        db,
        sql`select status, total, delivered from attendee_messages where id = ${messageId}::uuid`,
      );
      total = Number(row?.total ?? 0);
      delivered = Number(row?.delivered ?? 0);
      queuedMs = performance.now() - sentAt;
      if (row?.status === "sent" || queuedMs > DELIVERY_LIMIT_MS) break;
      await sleep(50);
    }
    const rate = `${Math.round(delivered / (queuedMs / 1000))} recipients/s`;
    const queuedCell =
      delivered >= total
        ? `${seconds(queuedMs)} (${rate})`
        : `${delivered} of ${total} in ${seconds(queuedMs)}, stopped waiting (${rate})`;
    figures.set("attendee message: all queued (rate)", queuedCell);
    console.log(`message to ${total} holders: queued ${queuedCell}`);
    const [expected] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from outbound_messages where source_id = ${messageId}::uuid`,
    );
    const wanted = Number(expected?.count ?? 0);
    let handedMs = 0;
    for (;;) {
      const handed = peers.counts.mails - before.mails + (peers.counts.sms - before.sms);
      if (handed >= wanted) {
        handedMs = performance.now() - sentAt;
        break;
      }
      if (performance.now() - sentAt > DELIVERY_LIMIT_MS) break;
      await sleep(50);
    }
    const mails = peers.counts.mails - before.mails;
    const texts = peers.counts.sms - before.sms;
    const handedCell = handedMs
      ? `${seconds(handedMs)} (${mails} emails, ${texts} SMS)`
      : `${mails} emails, ${texts} SMS of ${wanted} in ${seconds(DELIVERY_LIMIT_MS)}, stopped waiting`;
    figures.set("attendee message: all handed to the peers", handedCell);
    console.log(`message handed to the peers: ${handedCell}`);
    return figures;
  } finally {
    await database.close();
    await server.stop();
    await adminSql(baseUrl, `drop database if exists ${name} with (force)`);
  }
}

const results: Map<string, string>[] = [];
try {
  for (const size of SIZES) results.push(await measure(size));
} finally {
  await peers.close();
}
const labels = [...(results[0]?.keys() ?? [])];
const width = Math.max(...labels.map((label) => label.length));
console.log(`\n${"".padEnd(width)}  ${SIZES.map((size) => `${size} tickets`).join("  |  ")}`);
for (const label of labels) {
  console.log(`${label.padEnd(width)}  ${results.map((r) => r.get(label) ?? "").join("  |  ")}`);
}
