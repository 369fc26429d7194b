import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOOR_SYNC_PAGE_SIZE,
  type DoorSyncPage,
  type DoorSyncTicket,
} from "#contract/door-offline.ts";
import { clockTime } from "#contract/door-verdict.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { testDatabaseUrl } from "#tests/support/postgres.ts";

type Door = Awaited<ReturnType<CheckinKit["door"]>>;
type Caller = Door["staff"]["call"];

/** Every page of one sync, following `next`. */
async function syncAll(call: Caller, eventId: string, since: string | null) {
  const pages: DoorSyncPage[] = [];
  let after: string | null = null;
  do {
    const page: DoorSyncPage = await call("checkin.offlineSync", { eventId, since, after });
    pages.push(page);
    after = page.next;
  } while (after);
  return { pages, tickets: pages.flatMap((p) => p.tickets), cursor: pages.at(-1)?.cursor ?? "" };
}

const byId = (tickets: DoorSyncTicket[]) => new Map(tickets.map((t) => [t.id, t]));

/** `count` more tickets of the door's event, by the thousand (the size of a big night). */
async function bulkTickets(database: TestDatabase, door: Door, count: number) {
  await database.db.execute(
    sql`insert into tickets (booking_id, event_id, ticket_type_id, attendee_name, secret, manual_code)
      select ${door.booking.id}::uuid, ${door.event.id}::uuid, ${nth(door.types, 1).id}::uuid,
        'Guest ' || i, md5(random()::text || i), 'M' || lpad(i::text, 9, '0')
      from generate_series(1, ${count}) i`,
  );
}

describe.each(testDatabases)("the offline door's sync on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Door;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 4 });
  });
  afterAll(() => database?.dispose());

  const sync = (since: string | null, after: string | null = null, call = door.staff.call) =>
    call("checkin.offlineSync", { eventId: door.event.id, since, after }) as Promise<DoorSyncPage>;
  const setLimit = (limit: number) =>
    database.db.execute(
      sql`update events set offline_search_limit = ${limit} where id = ${door.event.id}`,
    );

  it("gives a full list with names, codes and types within the event's search limit", async () => {
    const page = await sync(null);
    expect(page).toMatchObject({
      event: {
        id: door.event.id,
        shortId: door.event.shortId,
        title: door.event.title,
        timeZone: "Europe/London",
        startsAt: door.event.startsAt.toISOString(),
        endsAt: door.event.endsAt.toISOString(),
      },
      full: true,
      searchable: true,
      next: null,
    });
    expect(page.cursor).toMatch(/^\d+$/);
    expect(page.keys.length).toBeGreaterThan(0);
    expect(page.keys[0]).toEqual({ kid: expect.any(Number), x: expect.any(String) });
    expect(Date.parse(page.serverTime)).not.toBeNaN();
    const first = nth(door.tickets, 0);
    expect(page.tickets).toHaveLength(4);
    expect(byId(page.tickets).get(first.id)).toEqual({
      id: first.id,
      g: 1,
      s: "valid",
      n: "Attendee 1",
      c: first.manual_code,
      t: "Standing",
    });
    // Nothing changed since: an empty delta.
    expect((await sync(page.cursor)).tickets).toEqual([]);
  });

  it("gives deltas of a give-away, a cancel, a check-in and an undo, and nothing else", async () => {
    const start = await sync(null);
    const [given, cancelled, admitted, other] = door.tickets;
    if (!given || !cancelled || !admitted || !other) throw new Error("four tickets");
    await database.db.execute(
      sql`update tickets set generation = generation + 1 where id = ${given.id}`,
    );
    await database.db.execute(
      sql`update tickets set status = 'cancelled' where id = ${cancelled.id}`,
    );
    const scan = kit.scanOf(door.event.id, await kit.tokenOf(admitted.id), "gate-3");
    const verdict = await door.staff.call("checkin.scan", scan);
    expect(verdict.verdict).toBe("admitted");

    const delta = await sync(start.cursor);
    expect(delta).toMatchObject({ full: false, next: null });
    const changed = byId(delta.tickets);
    expect([...changed.keys()].sort()).toEqual([given.id, cancelled.id, admitted.id].sort());
    expect(changed.get(given.id)).toMatchObject({ g: 2, s: "valid" });
    expect(changed.get(cancelled.id)).toMatchObject({ s: "cancelled" });
    expect(changed.get(admitted.id)).toMatchObject({
      s: "checked-in",
      in: {
        id: verdict.checkIn.id,
        at: verdict.checkIn.at,
        time: clockTime(verdict.checkIn.at, "Europe/London"),
        staffName: "Stan Staff",
        deviceId: "gate-3",
      },
    });

    await door.coordinator.call("checkin.undo", { checkInId: verdict.checkIn.id, reason: "test" });
    const afterUndo = await sync(delta.cursor);
    expect(afterUndo.tickets).toEqual([
      {
        id: admitted.id,
        g: 1,
        s: "valid",
        n: expect.any(String),
        c: admitted.manual_code,
        t: "Standing",
      },
    ]);
    expect(byId(afterUndo.tickets).has(other.id)).toBe(false);
  });

  it("leaves names out past the search limit (0: never), and plainly valid tickets out of a full list", async () => {
    // After the test above: one ticket given away, one cancelled, two plainly valid.
    await setLimit(3);
    const page = await sync(null);
    expect(page).toMatchObject({ full: true, searchable: false });
    expect(page.tickets.map((t) => t.s).sort()).toEqual(["cancelled", "valid"]);
    for (const ticket of page.tickets) expect(Object.keys(ticket).sort()).toEqual(["g", "id", "s"]);
    expect(page.tickets.find((t) => t.s === "valid")?.g).toBe(2);

    await setLimit(0);
    expect((await sync(null)).searchable).toBe(false);
    // A delta always has every changed ticket, plainly valid ones too.
    const before = await sync(null);
    await database.db.execute(
      sql`update tickets set attendee_name = 'Renamed' where id = ${nth(door.tickets, 3).id}`,
    );
    const delta = await sync(before.cursor);
    expect(delta.tickets).toEqual([{ id: nth(door.tickets, 3).id, g: 1, s: "valid" }]);
    await setLimit(25_000);
  });

  it("refuses a sync cursor or page link it did not give with INVALID_ARGUMENT", async () => {
    const bad: [string | null, string | null][] = [
      ["abc", null],
      ["-1", null],
      ["99999999999999999999", null],
      [null, "x.y"],
      [null, `123.${door.event.id.toUpperCase()}`],
      [null, `9223372036854775808.${door.event.id}`],
    ];
    for (const [since, after] of bad) {
      await expect(sync(since, after), `${since} ${after}`).rejects.toMatchObject({
        status: "INVALID_ARGUMENT",
        message: expect.stringContaining("start the door's sync again"),
      });
    }
  });

  it("is NOT_FOUND for someone who may not work the door (sync and upload)", async () => {
    const stranger = await kit.user("Sam Stranger");
    await expect(sync(null, null, stranger.call)).rejects.toMatchObject({ status: "NOT_FOUND" });
    await expect(
      stranger.call("checkin.offlineUpload", {
        eventId: door.event.id,
        deviceId: "scanner-0000",
        admissions: [
          {
            scanId: "stranger-scan-1",
            ticketId: nth(door.tickets, 3).id,
            generation: 1,
            method: "scan",
            at: new Date().toISOString(),
          },
        ],
      }),
    ).rejects.toMatchObject({ status: "NOT_FOUND" });
  });

  it("pages a first sync of 25,000 tickets by id, every page with the first page's cursor", async () => {
    await bulkTickets(database, door, 25_000 - 4);
    // A fifth of them already in, with their check-ins (one join, not a query each).
    await database.db.execute(
      sql`with chosen as (
          update tickets set status = 'checked-in'
          where event_id = ${door.event.id} and attendee_name like 'Guest %'
            and right(attendee_name, 1) in ('1', '6')
          returning id)
        insert into check_ins (ticket_id, event_id, staff_name, device_id, method)
        select id, ${door.event.id}::uuid, 'Stan Staff', 'gate-9', 'scan' from chosen`,
    );
    const started = performance.now();
    const { pages, tickets, cursor } = await syncAll(door.staff.call, door.event.id, null);
    const seconds = (performance.now() - started) / 1000;
    const bytes = pages.reduce((sum, p) => sum + JSON.stringify(p).length, 0);
    console.info(
      `first sync of 25,000 tickets: ${pages.length} pages, ${seconds.toFixed(2)} s, ${(bytes / 1e6).toFixed(2)} MB`,
    );
    expect(pages).toHaveLength(25_000 / DOOR_SYNC_PAGE_SIZE);
    expect(pages.every((p) => p.cursor === cursor && p.searchable)).toBe(true);
    expect(nth(pages, 0).next).toMatch(new RegExp(`^${cursor}\\.[0-9a-f-]{36}$`));
    const ids = tickets.map((t) => t.id);
    expect(new Set(ids).size).toBe(25_000);
    expect([...ids].sort()).toEqual(ids);
    const inside = tickets.filter((t) => t.s === "checked-in");
    expect(inside.length).toBeGreaterThan(4_000);
    expect(inside.every((t) => t.in?.deviceId === "gate-9" && /^\d\d:\d\d$/.test(t.in.time))).toBe(
      true,
    );
    expect(bytes).toBeLessThan(5_000_000);
  }, 120_000);

  it("answers the cursor its paging carries, and a change made between pages comes in the next delta", async () => {
    const first = await sync(null);
    expect(first.next).not.toBeNull();
    const [last] = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where event_id = ${door.event.id} order by id desc limit 1`,
    );
    if (!last) throw new Error("no ticket");
    await database.db.execute(sql`update tickets set status = 'cancelled' where id = ${last.id}`);
    let after = first.next;
    let final = first;
    while (after) {
      final = await sync(null, after);
      expect(final.cursor).toBe(first.cursor);
      after = final.next;
    }
    const delta = await sync(first.cursor);
    expect(byId(delta.tickets).get(last.id)).toMatchObject({ s: "cancelled" });
  });
});

describe.each(postgresOnly)("the offline door's sync cursor on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Door;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 2 });
  });
  afterAll(() => database?.dispose());

  const sync = (since: string | null) =>
    door.staff.call("checkin.offlineSync", {
      eventId: door.event.id,
      since,
      after: null,
    }) as Promise<DoorSyncPage>;

  it("a change committed by a transaction that began before a sync's cursor is in the next delta", async () => {
    const ticket = nth(door.tickets, 0);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let changed = () => {};
    const madeChange = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const slow = database.db.transaction(async (tx) => {
      await tx.execute(sql`update tickets set status = 'cancelled' where id = ${ticket.id}`);
      changed();
      await held;
    });
    await madeChange;
    // The sync runs while that transaction is open: it cannot see the change.
    const during = await sync(null);
    expect(byId(during.tickets).get(ticket.id)?.s).toBe("valid");
    release();
    await slow;
    const next = await sync(during.cursor);
    expect(byId(next.tickets).get(ticket.id)).toMatchObject({ s: "cancelled" });
  });

  it("is not held back by a transaction running in another database", async () => {
    // Another database of the same server (other tests, other tenants) with a transaction
    // open all along: its id is older than every change below.
    const other = new pg.Client({ connectionString: testDatabaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      const ticket = nth(door.tickets, 1);
      await database.db.execute(
        sql`update tickets set attendee_name = 'Changed Before' where id = ${ticket.id}`,
      );
      const full = await sync(null);
      expect(byId(full.tickets).get(ticket.id)?.n).toBe("Changed Before");
      // Nothing changed since the full list: the other database's transaction does not
      // make the delta send this ticket again.
      expect((await sync(full.cursor)).tickets).toEqual([]);
      await database.db.execute(
        sql`update tickets set attendee_name = 'Changed After' where id = ${ticket.id}`,
      );
      const delta = await sync(full.cursor);
      expect(delta.tickets.map((t) => [t.id, t.n])).toEqual([[ticket.id, "Changed After"]]);
    } finally {
      await other.query("rollback");
      await other.end();
    }
  });
});
