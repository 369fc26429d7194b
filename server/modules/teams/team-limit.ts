import { count, eq } from "drizzle-orm";
import { assertPlanAllowsOneMore } from "#server/modules/businesses/plan-limit.ts";
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
 * events limit: `assertPlanAllowsOneMore` locks the business row before counting, so two
 * creates racing for the last slot cannot both get it.
 */
export async function assertCanCreateTeam(tx: Executor, businessId: string): Promise<void> {
  await assertPlanAllowsOneMore(tx, businessId, "teams", countTeams);
}
