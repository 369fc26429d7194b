import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflineAdmission, OfflineUploadAnswer } from "#contract/door-offline.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";

type Door = Awaited<ReturnType<CheckinKit["door"]>>;
type Caller = Door["staff"]["call"];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const admission = (ticketId: string, at: string): OfflineAdmission => ({
  scanId: randomUUID(),
  ticketId,
  generation: 1,
  method: "scan",
  at,
});

const upload = (call: Caller, eventId: string, deviceId: string, admissions: OfflineAdmission[]) =>
  call("checkin.offlineUpload", { eventId, deviceId, admissions }) as Promise<OfflineUploadAnswer>;

/**
 * Offline uploads on real PostgreSQL with parallel connections (decision 030): devices
 * meeting the server at once admit each ticket once and record the rest as conflicts.
 */
describe.each(postgresOnly)("offline uploads racing on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Door;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 10 });
    await holdAndConfirm(door.holder, door.event.shortId, nth(door.types, 0).id, 10);
  }, 60_000);
  afterAll(() => database?.dispose());

  it("two devices uploading the same 20 tickets at once: each admitted once, one conflict each", async () => {
    const tickets = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where event_id = ${door.event.id} order by id`,
    );
    expect(tickets).toHaveLength(20);
    const at = minutesAgo(3);
    const answers = await Promise.all(
      tickets.flatMap((t) => [
        upload(door.staff.call, door.event.id, "scanner-aaaa", [admission(t.id, at)]),
        upload(door.coordinator.call, door.event.id, "scanner-bbbb", [admission(t.id, at)]),
      ]),
    );
    const outcomes = answers.map((a) => nth(a.results, 0).outcome);
    expect(outcomes.filter((o) => o === "admitted")).toHaveLength(20);
    expect(outcomes.filter((o) => o === "conflict")).toHaveLength(20);
    const [counts] = await rowsOf<{
      live: number;
      tickets: number;
      conflicts: number;
      alerts: number;
    }>(
      database.db,
      sql`select
          (select count(*)::int from check_ins where event_id = ${door.event.id} and undone_at is null) as live,
          (select count(distinct ticket_id)::int from check_in_conflicts where event_id = ${door.event.id}) as tickets,
          (select count(*)::int from check_in_conflicts where event_id = ${door.event.id}) as conflicts,
          (select count(*)::int from alerts where event_id = ${door.event.id} and kind = 'door-conflict') as alerts`,
    );
    expect(counts).toEqual({ live: 20, tickets: 20, conflicts: 20, alerts: 20 });
  }, 60_000);

  it("ten copies of one upload at once (a device retrying): one admission, ten identical answers", async () => {
    const ticket = await rowsOf<{ id: string }>(
      database.db,
      sql`update tickets set status = 'valid' where id = (
          select id from tickets where event_id = ${door.event.id} order by id limit 1)
        returning id`,
    );
    await database.db.execute(
      sql`update check_ins set undone_at = now() where ticket_id = ${nth(ticket, 0).id}`,
    );
    const sent = [admission(nth(ticket, 0).id, minutesAgo(1))];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload(door.staff.call, door.event.id, "scanner-aaaa", sent),
      ),
    );
    for (const answer of answers) expect(answer).toEqual(nth(answers, 0));
    expect(nth(nth(answers, 0).results, 0).outcome).toBe("admitted");
  }, 60_000);
});
