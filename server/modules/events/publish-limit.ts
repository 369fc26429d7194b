import { and, count, eq, gt, sql } from "drizzle-orm";
import { planLimits } from "#contract/business-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
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
 * Call it inside the publishing transaction, before the event's status changes. It locks
 * the business row (`FOR UPDATE`) before counting: a second publish (or a downgrade) of
 * the same business waits here until the first commits, then counts the event the first
 * one published, so two publishes cannot both take the last free slot.
 */
export async function assertCanPublish(tx: Executor, businessId: string): Promise<void> {
  const [business] = await tx
    .select({ plan: businesses.plan })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for("update");
  if (!business) throw new FunctionError("NOT_FOUND", "This business does not exist.");
  const limit = planLimits[business.plan].publishedEvents;
  if (limit === null) return;
  if ((await countPublishedEvents(tx, businessId)) >= limit) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      `Your free plan allows ${limit} published events. Upgrade to Pro to publish more.`,
      { reason: "plan-limit", limit },
    );
  }
}
