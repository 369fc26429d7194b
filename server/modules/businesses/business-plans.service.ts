import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type BusinessPlan, businessPlans, planLimits } from "#contract/business-options.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { type Business, requireOwnedBusiness } from "./business-access.ts";
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

/** The Pro plan's price as the server bills it (PRO_PLAN_PRICE_MINOR, PRO_PLAN_CURRENCY). */
export type ProPrice = { priceMinor: number; currency: string };

/**
 * The plans side by side, for /business/upgrade: limits from planLimits, prices from here,
 * or the Pro price the server bills when given (the settings), so the page shows what the
 * card is charged.
 */
export function listPlans(proPrice?: ProPrice): PlanOffer[] {
  return businessPlans.map((id) => ({
    id,
    ...planPrices[id],
    currency: planCurrency,
    interval: "month",
    ...(id === "pro" && proPrice
      ? { priceMinor: proPrice.priceMinor, currency: proPrice.currency.toUpperCase() }
      : {}),
    ...planLimits[id],
  }));
}

/** The business row, locked: the one lock of every plan limit (see README, "Locks"). */
export async function lockBusiness(tx: Executor, businessId: string): Promise<Business | null> {
  const [business] = await tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for("update");
  return business ?? null;
}

export type PlanChangeRecord = {
  /** The plan_changes row's id (a charging provider's idempotency key). */
  id?: string;
  provider: string;
  reference: string;
  /** Who asked; null when the billing provider did (a subscription that ended). */
  changedBy: string | null;
};

/**
 * Records a change of plan and sets it, on a business the caller locked (lockBusiness)
 * in its transaction. The limits are not checked here: an owner's downgrade is refused
 * over the free limit first (changePlan), but a subscription that ended cannot be refused,
 * so its downgrade goes through and, as with every plan change, nothing published is
 * unpublished and no team is removed: the free limits then refuse the next publish or team.
 */
export async function recordPlanChange(
  tx: Executor,
  business: Business,
  toPlan: BusinessPlan,
  record: PlanChangeRecord,
): Promise<Business> {
  await tx.insert(planChanges).values({
    id: record.id ?? randomUUID(),
    businessId: business.id,
    fromPlan: business.plan,
    toPlan,
    provider: record.provider,
    reference: record.reference,
    changedBy: record.changedBy,
  });
  const [updated] = await tx
    .update(businesses)
    .set({ plan: toPlan, updatedAt: sql`now()` })
    .where(eq(businesses.id, business.id))
    .returning();
  if (!updated) throw new FunctionError("NOT_FOUND", "This business no longer exists.");
  return updated;
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
    const business = await lockBusiness(tx, owned.id);
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
    const updated = await recordPlanChange(tx, business, plan, {
      id: changeId,
      provider: provider.name,
      reference,
      changedBy: userId,
    });
    return describeBusiness(tx, updated, countUsage);
  });
}
