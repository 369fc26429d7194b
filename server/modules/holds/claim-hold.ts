import { eq, sql } from "drizzle-orm";
import { events } from "#server/modules/events/events.schema.ts";
import { listWaitingSql } from "#server/modules/events/waiting-list-gate.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

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

/** What `claimLapsedHold` did: claimed (the hold is converted and its tickets taken) or why not. */
export type LapsedClaim = "claimed" | "sold-out" | "already-converted";

/**
 * For a payment that succeeded after its hold lapsed (decision 028): makes the hold ours
 * anyway when its tickets can still be had. Call after `claimHold` returned false, in the
 * same transaction (the event row is already held FOR SHARE).
 *
 * - Still `active` but run out (the sweep has not come by): its tickets still count in
 *   `taken`, so converting it is enough.
 * - Ended (expired, replaced, released): its tickets went back on sale; takes them again,
 *   every type or none, with the hold statements' arithmetic (`taken + n <= capacity` on
 *   the locked, latest row version, so never oversold), then converts it. A savepoint
 *   undoes a partial take (some types free, others not). Not while anyone waits in a
 *   type's waiting list (`listWaitingSql`): those tickets are the list's, and the answer
 *   is "sold-out" as when none are free.
 */
export async function claimLapsedHold(
  tx: Executor,
  userId: string,
  holdId: string,
): Promise<LapsedClaim> {
  const [runOut] = await rowsOf<{ id: string }>(
    tx,
    sql`update holds set status = 'converted', ended_at = now()
        where id = ${holdId} and user_id = ${userId} and status = 'active'
        returning id`,
  );
  if (runOut) return "claimed";
  try {
    await tx.transaction(async (savepoint) => {
      const [row] = await rowsOf<{ taken_types: number; wanted_types: number; converted: number }>(
        savepoint,
        retakeStatement(holdId, userId),
      );
      const wanted = Number(row?.wanted_types ?? 0);
      if (wanted === 0 || Number(row?.taken_types) !== wanted || Number(row?.converted) !== 1) {
        throw new NotRetaken();
      }
    });
    return "claimed";
  } catch (error) {
    if (!(error instanceof NotRetaken)) throw error;
  }
  const [hold] = await rowsOf<{ status: string }>(
    tx,
    sql`select status from holds where id = ${holdId} and user_id = ${userId}`,
  );
  return hold?.status === "converted" ? "already-converted" : "sold-out";
}

class NotRetaken extends Error {}

/** Takes an ended hold's tickets again and converts it, in one statement (see above). */
function retakeStatement(holdId: string, userId: string) {
  return sql`
    with wanted as (
      select hi.ticket_type_id, hi.quantity from hold_items hi
      join holds h on h.id = hi.hold_id
      where h.id = ${holdId} and h.user_id = ${userId}
        and h.status in ('expired', 'replaced', 'released')
    ),
    taken as (
      update ticket_types t set taken = t.taken + w.quantity
      from wanted w
      where t.id = w.ticket_type_id and t.taken + w.quantity <= t.capacity
        and not ${listWaitingSql(sql`t.id`)}
      returning t.id
    ),
    converted as (
      update holds set status = 'converted', ended_at = now()
      where id = ${holdId} and status in ('expired', 'replaced', 'released')
        and (select count(*) from taken) = (select count(*) from wanted)
      returning id
    )
    select (select count(*) from taken)::int as taken_types,
           (select count(*) from wanted)::int as wanted_types,
           (select count(*) from converted)::int as converted`;
}
