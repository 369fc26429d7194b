import { and, count, eq, gt, sql } from "drizzle-orm";
import { assertPlanAllowsOneMore } from "#server/modules/businesses/plan-limit.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { events } from "./events.schema.ts";

/**
 * Events that take a plan slot: published and not yet ended. A finished event frees its
 * slot by itself; a cancelled or draft one never holds one.
 */
export async function countPublishedEvents(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(events)
    .where(
      and(
        eq(events.businessId, businessId),
        eq(events.status, "published"),
        gt(events.endsAt, sql`now()`),
      ),
    );
  return row?.value ?? 0;
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
