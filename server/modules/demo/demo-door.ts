import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { flushDoorAnnouncements } from "#server/modules/checkin/door-announcements.ts";
import { attemptAdmission } from "#server/modules/checkin/door-scan.ts";
import { undoCheckIn } from "#server/modules/checkin/undo-check-in.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

type DoorEntry = {
  by: "staff" | "coordinator";
  device: string;
  method: "scan" | "manual";
  minutesAgo: number;
  undo?: { reason: string; minutesAgo: number };
};

/**
 * The door so far tonight, in attendee-name order (not the demo user's own tickets, which
 * they can try at the door): four guests in over the last half hour, scanned on two phones
 * and one admitted by hand at the desk, and one scan the coordinator undid (that guest is
 * expected again), so the desk, the verdicts and the team report show real figures at once.
 */
const door: DoorEntry[] = [
  { by: "staff", device: "demo-phone", method: "scan", minutesAgo: 28 },
  { by: "staff", device: "demo-phone-2", method: "scan", minutesAgo: 26 },
  { by: "coordinator", device: "desk", method: "manual", minutesAgo: 17 },
  { by: "staff", device: "demo-phone", method: "scan", minutesAgo: 6 },
  {
    by: "staff",
    device: "demo-phone-2",
    method: "scan",
    minutesAgo: 12,
    undo: { reason: "Scanned the wrong ticket", minutesAgo: 10 },
  },
];

/**
 * Admits (and undoes) through the door's own functions, in the seed's transaction. A seed
 * happens in a moment, so only the clock is set by hand afterwards: each check-in is moved
 * to when the story says it happened, for the report's bars over time.
 */
export async function seedDemoDoor(
  tx: Executor,
  input: {
    now: Date;
    eventId: string;
    demoUserId: string;
    staffId: string;
    coordinatorId: string;
  },
): Promise<void> {
  // The door's functions take a database handle: here, the transaction's (demo-bookings.ts).
  const db = tx as unknown as Database;
  const ago = (minutes: number) => new Date(input.now.getTime() - minutes * 60_000).toISOString();
  const tickets = await rowsOf<{ id: string }>(
    tx,
    sql`select id from tickets where event_id = ${input.eventId}
      and holder_user_id <> ${input.demoUserId} order by attendee_name limit ${door.length}`,
  );
  for (const [index, ticket] of tickets.entries()) {
    const entry = door[index];
    if (!entry) break;
    const staffUserId = entry.by === "staff" ? input.staffId : input.coordinatorId;
    const verdict = await attemptAdmission(
      db,
      {
        eventId: input.eventId,
        staffUserId,
        deviceId: entry.device,
        scanId: randomUUID(),
        method: entry.method,
      },
      { kind: "id", ticketId: ticket.id },
    );
    const checkInId = verdict.checkIn?.id;
    if (verdict.verdict !== "admitted" || !checkInId) {
      throw new Error(`demo admission: ${verdict.verdict}`);
    }
    if (entry.undo) {
      await undoCheckIn(db, input.coordinatorId, { checkInId, reason: entry.undo.reason });
    }
    await tx.execute(sql`update check_ins set created_at = ${ago(entry.minutesAgo)}::timestamptz,
        undone_at = case when undone_at is null then null
          else ${ago(entry.undo?.minutesAgo ?? 0)}::timestamptz end
      where id = ${checkInId}::uuid`);
  }
  // Announced inside the transaction, not on a timer that would outlive it.
  await flushDoorAnnouncements(db);
}
