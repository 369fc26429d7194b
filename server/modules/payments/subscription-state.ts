import { and, eq, sql } from "drizzle-orm";
import type { BusinessPlan } from "#contract/business-options.ts";
import type { SubscriptionStatusName } from "#contract/payment-options.ts";
import {
  lockBusiness,
  recordPlanChange,
} from "#server/modules/businesses/business-plans.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { SubscriptionState } from "./payment-provider.ts";
import { businessSubscriptions } from "./payments.schema.ts";

export type BusinessSubscription = typeof businessSubscriptions.$inferSelect;

/** Stored in the provider's checkout and subscription: whose Pro plan it pays. */
export const proPlanPurpose = "pro-plan";

/** What the plan is while the subscription is in this state; null: leave it as it is. */
export function planOfStatus(status: SubscriptionStatusName): BusinessPlan | null {
  // Past due is still Pro: the processor retries the card, the page warns the owner.
  if (status === "active" || status === "past-due") return "pro";
  if (status === "cancelled") return "free";
  return null;
}

/**
 * The business a subscription belongs to (read, not locked). The subscription id finds it
 * once linked; before that (its events may come before the checkout's), the metadata
 * names the business, and a row with no subscription yet (an attempt) takes it. A
 * cancelled subscription never links to a new attempt: it may be an older one's late event.
 */
async function findRowOf(
  tx: Executor,
  provider: string,
  state: SubscriptionState,
): Promise<BusinessSubscription | null> {
  const [linked] = await tx
    .select()
    .from(businessSubscriptions)
    .where(
      and(
        eq(businessSubscriptions.provider, provider),
        eq(businessSubscriptions.subscriptionId, state.subscriptionId),
      ),
    );
  if (linked) return linked;
  const businessId = state.metadata.businessId;
  if (state.metadata.purpose !== proPlanPurpose || !businessId || state.status === "cancelled") {
    return null;
  }
  const [attempt] = await tx
    .select()
    .from(businessSubscriptions)
    .where(
      and(
        eq(businessSubscriptions.businessId, businessId),
        eq(businessSubscriptions.provider, provider),
        sql`(${businessSubscriptions.subscriptionId} is null or ${businessSubscriptions.status} = 'cancelled')`,
      ),
    );
  return attempt ?? null;
}

/**
 * Takes the subscription's state as the provider reports it (a webhook, or the return
 * page asking) and moves the plan with it through the businesses' own plan-change code,
 * one plan_changes row per change (provider's name, the subscription id). Runs in the
 * caller's transaction; locks the business row first (the lock of every plan limit),
 * then the subscription's.
 *
 * `reportedAt` is when the provider said it (the event's time; now for a read), kept as
 * the row's updated_at. Events come out of order: one older than the state held is
 * ignored, at the second (Stripe's events carry whole seconds, so two in one second are
 * taken in arrival order), and a cancelled subscription stays cancelled.
 * Returns false when the state was not taken (unknown subscription, stale).
 */
export async function takeSubscriptionState(
  tx: Executor,
  provider: string,
  state: SubscriptionState,
  reportedAt: Date,
): Promise<boolean> {
  const found = await findRowOf(tx, provider, state);
  if (!found) return false;
  const business = await lockBusiness(tx, found.businessId);
  if (!business) return false;
  // Locked and read again under the business lock: another taker may have written it.
  const [row] = await tx
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, found.businessId))
    .for("update");
  if (!row) return false;
  const sameSubscription = row.subscriptionId === state.subscriptionId;
  const freeToLink = row.subscriptionId === null || row.status === "cancelled";
  if (!sameSubscription && !(freeToLink && state.status !== "cancelled")) return false;
  if (sameSubscription && row.status === "cancelled") return false;
  const lastTaken = Math.floor(row.updatedAt.getTime() / 1000);
  if (sameSubscription && Math.floor(reportedAt.getTime() / 1000) < lastTaken) return false;

  await tx
    .update(businessSubscriptions)
    .set({
      subscriptionId: state.subscriptionId,
      customerId: state.customerId ?? row.customerId,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      updatedAt: reportedAt,
    })
    .where(eq(businessSubscriptions.businessId, row.businessId));

  const plan = planOfStatus(state.status);
  if (plan && plan !== business.plan) {
    await recordPlanChange(tx, business, plan, {
      provider,
      reference: state.subscriptionId,
      changedBy: null,
    });
  }
  return true;
}
