import { eq, sql } from "drizzle-orm";
import { events } from "#server/modules/events/events.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * Makes the hold ours: the event row FOR SHARE first, against the organiser cancelling
 * right now (events.cancel locks it for update, then releases its holds): either this
 * booking commits first and the cancellation finds and cancels it, or the cancellation
 * commits first and this confirm sees it. Taken before the hold's row, in the order the
 * cancellation takes them, so the two cannot deadlock. Then the conditional claim:
 * false when the hold is no longer active or has run out.
 */
export async function claimHold(
  tx: Executor,
  userId: string,
  holdId: string,
  eventId: string,
): Promise<boolean> {
  const [event] = await tx
    .select({ status: events.status })
    .from(events)
    .where(eq(events.id, eventId))
    .for("share");
  if (event?.status !== "published") {
    throw new FunctionError("FAILED_PRECONDITION", "This event was cancelled.", {
      reason: "event-cancelled",
    });
  }
  const claimed = await tx.execute(sql`
    update holds set status = 'converted', ended_at = now()
    where id = ${holdId} and user_id = ${userId}
      and status = 'active' and expires_at > now()
    returning id`);
  return (claimed as unknown as { rows: unknown[] }).rows.length > 0;
}
