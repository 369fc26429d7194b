import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { wholeCsvExport } from "#tests/support/csv-export.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";

const FIRST_NIGHT = 1500;
const SECOND_NIGHT = 600;
const CONFLICTS = 10;

describe.each(testDatabases)("the check-ins CSV in batches on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;

  /** Adds `count` checked-in tickets to a booking, three check-ins a second (ties on time). */
  async function checkedIn(bookingId: string, eventId: string, typeId: string, count: number) {
    await database.db.execute(sql`
      with made as (
        insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name,
          secret, status)
        select b.id, ${eventId}::uuid, ${typeId}::uuid, b.user_id, 'Guest ' || g,
          md5(random()::text || g), 'checked-in'
        from bookings b, generate_series(1, ${count}::int) g where b.id = ${bookingId}::uuid
        returning id, attendee_name
      )
      insert into check_ins (ticket_id, event_id, staff_name, device_id, method, created_at)
      select id, ${eventId}::uuid, 'Stan Staff', 'gate-1', 'scan',
        timestamptz '2026-07-10 18:00:00Z' + (substr(attendee_name, 7)::int / 3) * interval '1 second'
      from made`);
  }

  /**
   * A team at two nights: the first with 1,500 check-ins and 10 offline conflicts among
   * them, the second (starting later) with 600: 2,110 rows, three batches.
   */
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 1 });
    const db = database.db;
    const second = await makeEvent(db, { startsInHours: 24 });
    await db.execute(sql`update events set business_id = ${door.business.id}::uuid,
      title = 'Second night' where id = ${second.event.id}::uuid`);
    await db.execute(sql`insert into team_events (team_id, event_id)
      values (${door.team.team.id}::uuid, ${second.event.id}::uuid)`);
    const { booking } = await holdAndConfirm(
      door.holder,
      second.event.shortId,
      nth(second.types, 0).id,
      1,
    );
    await checkedIn(door.booking.id, door.event.id, nth(door.types, 0).id, FIRST_NIGHT);
    await checkedIn(booking.id, second.event.id, nth(second.types, 0).id, SECOND_NIGHT);
    await db.execute(sql`
      insert into check_in_conflicts (ticket_id, event_id, reason, staff_name, device_id, admitted_at)
      select c.ticket_id, c.event_id, 'already-in', 'Cora Coordinator', 'scanner-1', c.created_at
      from check_ins c where c.event_id = ${door.event.id}::uuid
      order by c.created_at, c.id offset 95 limit ${CONFLICTS}`);
  });

  afterAll(async () => {
    await database?.close();
  });

  it("streams every row once, in the order event start, event, time, id, across batches", async () => {
    const file = await wholeCsvExport((data) => door.coordinator.call("checkin.reportCsv", data), {
      teamId: door.team.team.id,
    });
    expect(file.batches).toBe(3);
    expect(file.rows).toBe(FIRST_NIGHT + SECOND_NIGHT + CONFLICTS);
    const rows: Record<string, string>[] = parse(file.csv, { bom: true, columns: true });
    expect(rows).toHaveLength(file.rows);
    // The whole file's order, as one statement over both tables would give it.
    const expected = await rowsOf<{ ticket_id: string; kind: string }>(
      database.db,
      sql`select c.ticket_id, c.kind from team_events te join events e on e.id = te.event_id
        join (
          select id, event_id, ticket_id, created_at as at, method as kind from check_ins
          union all
          select id, event_id, ticket_id, admitted_at, 'conflict: ' || reason from check_in_conflicts
        ) c on c.event_id = e.id
        where te.team_id = ${door.team.team.id}::uuid
        order by e.starts_at, e.id, c.at, c.id`,
    );
    expect(rows.map((r) => [r.Ticket, r.Kind])).toEqual(expected.map((r) => [r.ticket_id, r.kind]));
    expect(rows.filter((r) => r.Kind === "conflict: already-in")).toHaveLength(CONFLICTS);
    expect(rows.at(-1)?.Event).toBe("Second night");
  });

  it("refuses a cursor it did not give with INVALID_ARGUMENT", async () => {
    const teamId = door.team.team.id;
    for (const cursor of ["x", Buffer.from("a|b|c").toString("base64url")]) {
      await expect(
        door.coordinator.call("checkin.reportCsv", { teamId, cursor }),
      ).rejects.toMatchObject({ status: "INVALID_ARGUMENT" });
    }
  });
});
