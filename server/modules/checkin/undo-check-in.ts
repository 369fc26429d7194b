import { sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { eventRoleOf } from "#server/modules/teams/team-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { publishRealtime } from "#server/platform/realtime/publish.ts";
import { DOOR_MESSAGE_KIND, doorTopic } from "./door-topics.ts";

const notFound = () => new FunctionError("NOT_FOUND", "Check-in not found.");

/**
 * `checkin.undo`: a coordinator (or the owner) takes an admission back; the ticket is
 * valid again and the undone check-in stays in the history with who undid it and why.
 * Anyone else, staff included, gets NOT_FOUND.
 */
export async function undoCheckIn(
  db: Database,
  userId: string,
  input: { checkInId: string; reason: string },
) {
  if (!isUuid(input.checkInId)) throw notFound();
  const [found] = await rowsOf<{ event_id: string }>(
    db,
    sql`select event_id from check_ins where id = ${input.checkInId}::uuid`,
  );
  if (!found) throw notFound();
  const role = await eventRoleOf(db, userId, found.event_id);
  if (role !== "owner" && role !== "coordinator") throw notFound();
  return db.transaction(async (tx) => {
    const [undone] = await rowsOf<{ ticket_id: string }>(
      tx,
      sql`update check_ins set undone_at = now(), undo_reason = ${input.reason},
          undone_by_name = coalesce((select name from users where id = ${userId}::uuid), 'Coordinator')
        where id = ${input.checkInId}::uuid and undone_at is null returning ticket_id`,
    );
    if (!undone) {
      throw new FunctionError("FAILED_PRECONDITION", "This check-in was already undone.", {
        reason: "already-undone",
      });
    }
    await tx.execute(
      sql`update tickets set status = 'valid'
        where id = ${undone.ticket_id}::uuid and status = 'checked-in'`,
    );
    await publishRealtime(tx, {
      topic: doorTopic(found.event_id),
      kind: DOOR_MESSAGE_KIND,
      payload: { eventId: found.event_id, change: "undone", checkInId: input.checkInId },
    });
    return { undone: true, ticketId: undone.ticket_id };
  });
}
