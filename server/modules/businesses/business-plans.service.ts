import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type BusinessPlan, businessPlans, planLimits } from "#contract/business-options.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { requireOwnedBusiness } from "./business-access.ts";
import { describeBusiness, type MyBusiness } from "./business-application.service.ts";
import { businesses, planChanges } from "./businesses.schema.ts";
import type { CountPlanUsage } from "./plan-usage.ts";

/** What each plan costs, per month, in integer minor units. */
const planPrices: Record<BusinessPlan, { name: string; priceMinor: number }> = {
  free: { name: "Free", priceMinor: 0 },
  pro: { name: "Pro", priceMinor: 2900 },
};
export const planCurrency = "EUR";

export type PlanOffer = {
  id: BusinessPlan;
  name: string;
  priceMinor: number;
  currency: string;
  interval: "month";
  /** null: unlimited. */
  publishedEvents: number | null;
  teams: number | null;
  sms: boolean;
  attendeeMessagesPerMonth: number | null;
};

/** The plans side by side, for /business/upgrade: limits from planLimits, prices from here. */
export function listPlans(): PlanOffer[] {
  return businessPlans.map((id) => ({
    id,
    ...planPrices[id],
    currency: planCurrency,
    interval: "month",
    ...planLimits[id],
  }));
}

/**
 * Moves the caller's business to `plan` through the billing provider, records the change
 * and sets the plan, in one transaction. The business row is locked first (the lock
 * `assertCanPublish` takes too), so a downgrade cannot slip between a publish's count and
 * its update: over the free limit, the downgrade is refused instead.
 */
export async function changePlan(
  db: Database,
  userId: string,
  plan: BusinessPlan,
  provider: BillingProvider,
  countUsage: CountPlanUsage,
): Promise<MyBusiness> {
  const owned = await requireOwnedBusiness(db, userId);
  return db.transaction(async (tx) => {
    const [business] = await tx
      .select()
      .from(businesses)
      .where(eq(businesses.id, owned.id))
      .for("update");
    if (!business) throw new FunctionError("NOT_FOUND", "This business no longer exists.");
    if (business.plan === plan) return describeBusiness(tx, business, countUsage);
    const limit = planLimits[plan].publishedEvents;
    const published = (await countUsage(tx, business.id)).publishedEvents;
    if (limit !== null && published > limit) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        `The ${planPrices[plan].name} plan allows ${limit} published events and you have ${published}. Unpublish or cancel ${published - limit} of them first.`,
        { reason: "plan-limit", limit, publishedEvents: published },
      );
    }
    const changeId = randomUUID();
    // Inside the transaction: if the provider refuses, nothing here changes. A provider
    // that charges uses changeId as its idempotency key, so a retry is not charged twice.
    const { reference } = await provider.changePlan({
      businessId: business.id,
      fromPlan: business.plan,
      toPlan: plan,
      userId,
      idempotencyKey: changeId,
    });
    await tx.insert(planChanges).values({
      id: changeId,
      businessId: business.id,
      fromPlan: business.plan,
      toPlan: plan,
      provider: provider.name,
      reference,
      changedBy: userId,
    });
    const [updated] = await tx
      .update(businesses)
      .set({ plan, updatedAt: sql`now()` })
      .where(eq(businesses.id, business.id))
      .returning();
    if (!updated) throw new FunctionError("NOT_FOUND", "This business no longer exists.");
    return describeBusiness(tx, updated, countUsage);
  });
}
