import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";

/**
 * The acceptance test of issue 13 on real PostgreSQL with parallel connections: whatever
 * the number of devices, one ticket is admitted once.
 */
describe.each(postgresOnly)("concurrent scans on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;
  let staff: Awaited<ReturnType<Awaited<ReturnType<CheckinKit["teamFor"]>>["member"]>>[];
  let ticketIds: string[];
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 10 });
    await holdAndConfirm(door.holder, door.event.shortId, nth(door.types, 0).id, 10);
    const rows = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where event_id = ${door.event.id} order by created_at, id`,
    );
    ticketIds = rows.map((r) => r.id);
    staff = [];
    for (let i = 1; i <= 50; i++) {
      staff.push(await door.team.member(`Staff ${String(i).padStart(2, "0")}`, "staff"));
    }
  }, 60_000);
  afterAll(() => database?.dispose());

  it("50 staff scanning one ticket at once: 1 admitted, 49 already-checked-in naming the first; 20 rounds", async () => {
    expect(ticketIds.length).toBe(20);
    for (const [round, ticketId] of ticketIds.entries()) {
      const token = await kit.tokenOf(ticketId);
      const verdicts = await Promise.all(
        staff.map((member, i) =>
          member.call("checkin.scan", kit.scanOf(door.event.id, token, `device-${i + 1}`)),
        ),
      );
      const admitted = verdicts.filter((v) => v.verdict === "admitted");
      expect(admitted, `round ${round + 1}`).toHaveLength(1);
      const first = nth(admitted, 0).checkIn;
      const others = verdicts.filter((v) => v.verdict !== "admitted");
      expect(others).toHaveLength(49);
      for (const other of others) {
        expect(other).toMatchObject({
          verdict: "already-checked-in",
          checkIn: { id: first.id, staffName: first.staffName, deviceId: first.deviceId },
        });
      }
    }
    const [count] = await rowsOf<{ live: number; tickets: number }>(
      database.db,
      sql`select count(*)::int as live, count(distinct ticket_id)::int as tickets
        from check_ins where event_id = ${door.event.id} and undone_at is null`,
    );
    expect(count).toEqual({ live: 20, tickets: 20 });
  }, 120_000);

  it("the same scanId ten times at once: one admission, ten identical admitted answers", async () => {
    // A fresh ticket: undo one admission so that it can be admitted again.
    const recent = await door.coordinator.call("checkin.recent", { eventId: door.event.id });
    const undone = nth(recent.checkIns as { id: string; ticketId: string }[], 0);
    await door.coordinator.call("checkin.undo", { checkInId: undone.id, reason: "Test" });
    const scan = kit.scanOf(door.event.id, await kit.tokenOf(undone.ticketId), "flaky-phone");
    const member = nth(staff, 0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => member.call("checkin.scan", scan)),
    );
    expect(answers.map((a) => a.verdict)).toEqual(Array(10).fill("admitted"));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const [count] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from check_ins where ticket_id = ${undone.ticketId}
        and undone_at is null`,
    );
    expect(count?.n).toBe(1);
  });
});
