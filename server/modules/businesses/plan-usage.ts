import type { Executor } from "#server/platform/db/database.ts";

/** What a business uses of its plan's limits. */
export type PlanUsage = { publishedEvents: number };

/**
 * Counts a business's usage. The things counted belong to other modules (events, and
 * teams later), so the count is handed in by server/steps/plan-usage.ts rather than
 * written here: this module stays below the ones that refer to businesses.
 */
export type CountPlanUsage = (db: Executor, businessId: string) => Promise<PlanUsage>;

/** What the business functions need from the modules above them. */
export type BusinessSteps = { countPlanUsage: CountPlanUsage };
