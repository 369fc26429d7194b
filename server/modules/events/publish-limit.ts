import { and, eq, gt, sql } from "drizzle-orm";
import { assertPlanAllowsOneMore } from "#server/modules/businesses/plan-limit.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { events } from "./events.schema.ts";

/** Published and not yet ended: what holds a plan slot. */
const holdsSlot = () => and(eq(events.status, "published"), gt(events.endsAt, sql`now()`));

/**
 * Plan slots in use: events published and not yet ended, a series counting once however
 * many of its dates are published (decision 035). A finished event frees its slot by
 * itself; a cancelled or draft one never holds one.
 */
export async function countPublishedEvents(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({
      value: sql<number>`count(distinct coalesce(${events.seriesId}, ${events.id}))::int`,
    })
    .from(events)
    .where(and(eq(events.businessId, businessId), holdsSlot()));
  return row?.value ?? 0;
}

/** Whether a date of the series holds a plan slot already: more of its dates need none. */
export async function seriesHoldsSlot(db: Executor, seriesId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), holdsSlot()))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses to publish one more event when the business's plan has no slot left.
 *
 * Call it inside the publishing transaction, before the event's status changes:
 * `assertPlanAllowsOneMore` locks the business row before counting, so two publishes (or
 * a publish and a downgrade) cannot both take the last free slot.
 */
export async function assertCanPublish(tx: Executor, businessId: string): Promise<void> {
  await assertPlanAllowsOneMore(tx, businessId, "publishedEvents", countPublishedEvents);
}
