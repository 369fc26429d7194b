import type { CountPlanUsage } from "#server/modules/businesses/plan-usage.ts";
import { countPublishedEvents } from "#server/modules/events/publish-limit.ts";

/** A business's usage of its plan, each part counted by the module that owns it. */
export const countPlanUsage: CountPlanUsage = async (db, businessId) => ({
  publishedEvents: await countPublishedEvents(db, businessId),
});
