import { count, eq } from "drizzle-orm";
import { planLimits } from "#contract/business-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { teams } from "./teams.schema.ts";

/** How many teams a business has: each takes a slot of its plan. */
export async function countTeams(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(teams)
    .where(eq(teams.businessId, businessId));
  return row?.value ?? 0;
}

/**
 * Refuses one more team when the business's plan has no slot left, the same way as the
 * events limit (`assertCanPublish`): inside the creating transaction, the business row is
 * locked (`FOR UPDATE`) before counting, so a second create of the same business waits
 * for the first to commit and then counts its team. Two creates racing for the last slot
 * cannot both get it.
 */
export async function assertCanCreateTeam(tx: Executor, businessId: string): Promise<void> {
  const [business] = await tx
    .select({ plan: businesses.plan })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for("update");
  if (!business) throw new FunctionError("NOT_FOUND", "This business does not exist.");
  const limit = planLimits[business.plan].teams;
  if (limit === null) return;
  if ((await countTeams(tx, businessId)) >= limit) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      business.plan === "free"
        ? `Your free plan allows ${limit} team. Upgrade to Pro to form more.`
        : `Your plan allows ${limit} teams. Delete a team you no longer need to form another.`,
      { reason: "plan-limit", limit },
    );
  }
}
