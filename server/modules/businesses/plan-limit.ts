import { eq } from "drizzle-orm";
import { type BusinessPlan, planLimits } from "#contract/business-options.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { businesses } from "./businesses.schema.ts";

/** What a plan counts: the limits of `planLimits` that cap a number of things. */
export type PlanCounted = "publishedEvents" | "teams" | "attendeeMessagesPerMonth";

/** What a person reads when their plan has no slot left: what to do next, per plan. */
const refusals: Record<PlanCounted, (plan: BusinessPlan, limit: number) => string> = {
  // Only the free plan caps published events.
  publishedEvents: (_plan, limit) =>
    `Your free plan allows ${limit} published events. Upgrade to Pro to publish more.`,
  teams: (plan, limit) =>
    plan === "free"
      ? `Your free plan allows ${limit} team. Upgrade to Pro to form more.`
      : `Your plan allows ${limit} teams. Delete a team you no longer need to form another.`,
  attendeeMessagesPerMonth: (plan, limit) =>
    plan === "free"
      ? `Your free plan allows ${limit} messages to attendees a month. Upgrade to Pro to send more.`
      : `Your plan allows ${limit} messages to attendees a month. You can send more next month.`,
};

/**
 * Refuses one more `counted` thing when the business's plan has no slot left
 * (FAILED_PRECONDITION, reason `plan-limit`); returns the plan otherwise.
 *
 * Call it inside the creating transaction, before the new thing is written. It locks the
 * business row (`FOR UPDATE`) before counting: a second create (or a downgrade) of the
 * same business waits here until the first commits, then counts what the first one
 * added, so two creates racing for the last slot cannot both get it. The things counted
 * belong to other modules, so the caller hands in their count.
 */
export async function assertPlanAllowsOneMore(
  tx: Executor,
  businessId: string,
  counted: PlanCounted,
  countUsed: (tx: Executor, businessId: string) => Promise<number>,
): Promise<BusinessPlan> {
  const [business] = await tx
    .select({ plan: businesses.plan })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for("update");
  if (!business) throw new FunctionError("NOT_FOUND", "This business does not exist.");
  const limit = planLimits[business.plan][counted];
  if (limit !== null && (await countUsed(tx, businessId)) >= limit) {
    throw new FunctionError("FAILED_PRECONDITION", refusals[counted](business.plan, limit), {
      reason: "plan-limit",
      limit,
    });
  }
  return business.plan;
}
