import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { insertEvent } from "#tests/support/kits/business-test-kit.ts";
import { newPhone } from "#tests/support/phones.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/** Check-ins of the big event: 30,000, in orders of 4 (7,500 buyers and bookings). */
const CHECK_INS = 30_000;
/**
 * The server's peak RSS rise while it sends the file. Measured on this machine (Node 24,
 * PostgreSQL): streamed 4-9 MB; the file built whole (before issue 27) rose 45-60 MB.
 */
const RSS_RISE_LIMIT = 25 * 1024 * 1024;

/** Resident memory (bytes) of one process, from /proc/{pid}/status (as bench/exports.ts). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
}

/**
 * The check-ins CSV of a big event from the built server in its own process (PostgreSQL):
 * every row arrives while the server's memory stays flat, and a download abandoned after
 * its first chunk leaves no query of the export running.
 */
describe.skipIf(!testDatabaseUrl)("the check-ins CSV of a big event, streamed", () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;
  let cookie = "";
  let bearer = "";
  let bigTeam = "";
  let smallTeam = "";
  let buyersSoFar = 0;

  async function call<T>(name: string, data: unknown): Promise<T> {
    const response = await fetch(`${server.url}/api/fn/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: bearer },
      body: JSON.stringify({ data }),
    });
    const body = (await response.json()) as { result?: T; error?: unknown };
    if (!response.ok) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
    return body.result as T;
  }

  /** A team of the owner's with one event of `checkIns` check-ins, set up by bulk SQL. */
  async function teamWithCheckIns(businessId: string, name: string, checkIns: number) {
    const db = database.db;
    const buyers = Math.ceil(checkIns / 4);
    const firstBuyer = buyersSoFar + 1;
    buyersSoFar += buyers;
    const { teamId } = await call<{ teamId: string }>("teams.create", { name });
    const event = await insertEvent(db, businessId, "published");
    await db.execute(sql`insert into team_events (team_id, event_id)
      values (${teamId}::uuid, ${event.id}::uuid)`);
    const [type] = await rowsOf<{ id: string }>(
      db,
      sql`insert into ticket_types (event_id, name, price_minor, currency, capacity, taken)
        values (${event.id}::uuid, 'Standing', 1500, 'EUR', ${checkIns}, ${checkIns})
        returning id`,
    );
    await db.execute(sql`
      with buyers as (
        insert into users (name, phone, phone_verified_at)
        select 'Buyer ' || g, '+4478' || lpad(g::text, 9, '0'), now()
        from generate_series(${firstBuyer}::int, ${buyersSoFar}::int) g returning id
      ), held as (
        insert into holds (user_id, event_id, status, expires_at)
        select id, ${event.id}::uuid, 'converted', now() from buyers returning id, user_id
      ), booked as (
        insert into bookings (reference, user_id, event_id, hold_id, payment_status,
          payment_provider, total_minor, currency)
        select upper(substr(md5(id::text), 1, 4) || '-' || substr(md5(id::text), 5, 6)),
          user_id, ${event.id}::uuid, id, 'unpaid', 'venue', 6000, 'EUR'
        from held returning id, user_id
      ), made as (
        insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id,
          attendee_name, secret, status)
        select booked.id, ${event.id}::uuid, ${type?.id}::uuid, booked.user_id, 'Guest ' || n,
          md5(random()::text || n || booked.id::text), 'checked-in'
        from booked, generate_series(1, 4) n limit ${checkIns} returning id
      )
      insert into check_ins (ticket_id, event_id, staff_name, device_id, method, created_at)
      select id, ${event.id}::uuid, 'Stan Staff', 'gate-1', 'scan',
        now() - random() * interval '3 hours'
      from made`);
    return teamId;
  }

  const fileOf = (teamId: string) =>
    fetch(`${server.url}/team_coordinator/report/${teamId}/check-ins.csv`, {
      headers: { cookie },
    });

  beforeAll(async () => {
    temp = await createTempDatabase("csvstream", { migrated: true });
    server = await spawnServer({
      env: { NODE_ENV: "test", DATABASE_URL: temp.url, DEMO_DATA: "off", WEB_CONCURRENCY: "1" },
    });
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
    const signIn = await fetch(`${server.url}/api/fn/test.signInAs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { name: "Olive Owner", phone: newPhone("+447400") } }),
    });
    const { result } = (await signIn.json()) as { result: { userId: string } };
    bearer = `Bearer test:${result.userId}:`;
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const business = await call<{ id: string }>("businesses.apply", {
      name: "Arena",
      type: "venue",
      contactPhone: "+44 20 7946 0018",
      contactEmail: "arena@example.com",
      address: "1 Arena Way, Leeds",
      description: "",
    });
    await call("businesses.changePlan", { plan: "pro" });
    bigTeam = await teamWithCheckIns(business.id, "Main gate", CHECK_INS);
    smallTeam = await teamWithCheckIns(business.id, "Side gate", 3);
    await database.db.execute(sql`analyze`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await server?.stop();
    await temp?.drop();
  });

  it("sends every row while the server's memory stays flat", async () => {
    // Warm-up on a small file: the route's modules loaded before memory is measured.
    expect((await (await fileOf(smallTeam)).text()).split("\r\n")).toHaveLength(5);
    const pid = Number(server.process.pid);
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    let lines = 0;
    try {
      const response = await fileOf(bigTeam);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const byte of value) if (byte === 10) lines++;
      }
    } finally {
      clearInterval(sampler);
    }
    expect(lines - 1).toBe(CHECK_INS);
    expect(peak - before).toBeLessThan(RSS_RISE_LIMIT);
  });

  it("leaves no query of the export running once a download is abandoned", async () => {
    const response = await fileOf(bigTeam);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Sampled for a while: a stream still pulling would show its batch queries here.
    for (let sample = 0; sample < 20; sample++) {
      const busy = await rowsOf<{ state: string; query: string }>(
        database.db,
        sql`select state, query from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and (state = 'active' or state like 'idle in transaction%')
            and query ilike '%check_ins%'`,
      );
      expect(busy).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
});
