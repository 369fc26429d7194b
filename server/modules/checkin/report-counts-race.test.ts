import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflineUploadAnswer } from "#contract/door-offline.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";

type Door = Awaited<ReturnType<CheckinKit["door"]>>;
type Member = Awaited<ReturnType<Door["team"]["member"]>>;
type TypeFigures = { name: string; sold: number; checkedIn: number; notYetIn: number };

/**
 * The report's counts (`ticket_status_counts`, kept by triggers on `tickets`, issue 27)
 * on real PostgreSQL with parallel connections: scans, offline uploads, undos and
 * cancellations racing each other leave them equal to the rows.
 */
describe.each(postgresOnly)("the report's counts under racing door work on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Door;
  let staff: Member[];
  let ticketIds: string[];
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 10 });
    await holdAndConfirm(door.holder, door.event.shortId, nth(door.types, 0).id, 10);
    await holdAndConfirm(door.holder, door.event.shortId, nth(door.types, 1).id, 10);
    const rows = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where event_id = ${door.event.id} order by id`,
    );
    ticketIds = rows.map((r) => r.id);
    staff = [];
    for (let i = 1; i <= 6; i++) staff.push(await door.team.member(`Staff ${i}`, "staff"));
  }, 60_000);
  afterAll(() => database?.dispose());

  const scan = async (member: Member, ticketId: string, device: string) =>
    member.call("checkin.scan", kit.scanOf(door.event.id, await kit.tokenOf(ticketId), device));
  const upload = (member: Member, ticketId: string, device: string) =>
    member.call("checkin.offlineUpload", {
      eventId: door.event.id,
      deviceId: device,
      admissions: [
        {
          scanId: randomUUID(),
          ticketId,
          generation: 1,
          method: "scan",
          at: new Date().toISOString(),
        },
      ],
    }) as Promise<OfflineUploadAnswer>;
  const undo = (checkInId: string) =>
    door.coordinator.call("checkin.undo", { checkInId, reason: "Race" }).catch(() => null);

  /** What the rows say, by type: tickets not cancelled and live check-ins. */
  async function fromRows(): Promise<TypeFigures[]> {
    const rows = await rowsOf<{ name: string; sold: number; checked_in: number }>(
      database.db,
      sql`select t.name,
          (select count(*) from tickets k where k.ticket_type_id = t.id
            and k.status <> 'cancelled')::int as sold,
          (select count(*) from check_ins c join tickets k on k.id = c.ticket_id
            where k.ticket_type_id = t.id and c.undone_at is null)::int as checked_in
        from ticket_types t where t.event_id = ${door.event.id} order by t.position, t.name`,
    );
    return rows.map((r) => ({
      name: r.name,
      sold: r.sold,
      checkedIn: r.checked_in,
      notYetIn: r.sold - r.checked_in,
    }));
  }

  async function expectCountsEqualRows() {
    const expected = await fromRows();
    const report = await door.coordinator.call("checkin.report", { teamId: door.team.team.id });
    const event = report.events[0];
    expect(event.byType).toEqual(expected);
    expect(event.checkedIn).toBe(expected.reduce((sum, t) => sum + t.checkedIn, 0));
    const stats = await door.staff.call("checkin.stats", { eventId: door.event.id });
    expect(stats.byType.map((t: { in: number; total: number }) => [t.in, t.total])).toEqual(
      expected.map((t) => [t.checkedIn, t.sold]),
    );
    // Shard by shard the counters may be anything; summed, they are the ticket rows.
    const [drift] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (
          select ticket_type_id, status, count(*)::int as count from tickets group by 1, 2
        ) k full join (
          select ticket_type_id, status, sum(count)::int as count from ticket_status_counts
          group by 1, 2 having sum(count) <> 0
        ) c using (ticket_type_id, status)
        where k.count is distinct from c.count`,
    );
    expect(drift?.n).toBe(0);
    return expected;
  }

  it("every ticket scanned twice and uploaded once at the same moment: each counted once", async () => {
    expect(ticketIds).toHaveLength(30);
    await Promise.all(
      ticketIds.flatMap((id, i) => [
        scan(nth(staff, i % 6), id, `gate-${i % 6}`),
        scan(nth(staff, (i + 1) % 6), id, `gate-${(i + 1) % 6}`),
        upload(nth(staff, (i + 2) % 6), id, `scanner-${i % 3}`),
      ]),
    );
    const counted = await expectCountsEqualRows();
    expect(counted.map((t) => [t.sold, t.checkedIn])).toEqual([
      [20, 20],
      [10, 10],
    ]);
  }, 120_000);

  it("undos racing new scans of the same tickets and cancellations of others leave the counts exact", async () => {
    const live = await rowsOf<{ id: string; ticket_id: string }>(
      database.db,
      sql`select id, ticket_id from check_ins where event_id = ${door.event.id}
        and undone_at is null order by ticket_id`,
    );
    const undone = live.slice(0, 18);
    // Two tickets no one admitted yet, cancelled while the door works.
    const extra = await holdAndConfirm(door.holder, door.event.shortId, nth(door.types, 1).id, 2);
    await Promise.all([
      ...undone.flatMap((c, i) => [
        undo(c.id),
        undo(c.id),
        scan(nth(staff, i % 6), c.ticket_id, `gate-${i % 6}`),
      ]),
      // As a cancellation does it (bookings/cancel-tickets.ts): only valid tickets.
      database.db.execute(
        sql`update tickets set status = 'cancelled', cancelled_at = now()
          where booking_id = ${extra.booking.id} and status = 'valid'`,
      ),
    ]);
    await expectCountsEqualRows();
    // And once more, every undone ticket scanned again: all 30 in, whatever the race left.
    await Promise.all(ticketIds.map((id, i) => scan(nth(staff, i % 6), id, `gate-${i % 6}`)));
    const after = await expectCountsEqualRows();
    expect(after.map((t) => [t.sold, t.checkedIn])).toEqual([
      [20, 20],
      [10, 10],
    ]);
  }, 120_000);
});
