import type { BusinessPlan } from "#contract/business-options.ts";
import type { Settings } from "#server/config.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** What a business uses of its plan's limits. */
export type PlanUsage = { publishedEvents: number };

/**
 * Counts a business's usage. The things counted belong to other modules (events, and
 * teams later), so the count is handed in by server/steps/plan-usage.ts rather than
 * written here: this module stays below the ones that refer to businesses.
 */
export type CountPlanUsage = (db: Executor, businessId: string) => Promise<PlanUsage>;

/**
 * Whether the owner may switch the plan here without paying (the recorded provider):
 * throws a FunctionError when the plan is billed by card instead (payments, through
 * server/steps/plan-billing.ts), resolves when the switch is theirs to make.
 */
export type CheckPlanSwitch = (
  db: Executor,
  settings: Settings,
  businessId: string,
  plan: BusinessPlan,
) => Promise<void>;

/** What the business functions need from the modules above them. */
export type BusinessSteps = { countPlanUsage: CountPlanUsage; checkPlanSwitch: CheckPlanSwitch };
