import { eq } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { businessSubscriptions } from "./payments.schema.ts";
import { proPlanPurpose, takeSubscriptionState } from "./subscription-state.ts";
import type { AfterCommit } from "./webhook-handler.ts";

type EventOf<K extends PaymentEvent["kind"]> = Extract<PaymentEvent, { kind: K }>;

/**
 * After the commit, asks the provider for the subscription and takes its state in a
 * transaction of its own: the plan need not wait for the subscription's own event (which
 * also comes, and changes nothing more if the state is the same).
 */
function readAndTake(deps: PaymentDeps, subscriptionId: string): AfterCommit {
  return async () => {
    const provider = deps.provider;
    if (!provider) return;
    const state = await provider.readSubscription(subscriptionId);
    await deps.db.transaction((tx) => takeSubscriptionState(tx, provider.name, state, new Date()));
  };
}

/** A second live subscription for a business already paying: ended at once, never billed again. */
function cancelDuplicate(
  deps: PaymentDeps,
  subscriptionId: string,
  businessId: string,
): AfterCommit {
  return async () => {
    deps.log.warn(
      { subscriptionId, businessId },
      "a second Pro subscription for one business: cancelled at once",
    );
    await deps.provider?.cancelSubscription(subscriptionId, { atPeriodEnd: false });
  };
}

/**
 * The Pro plan's checkout was paid: the subscription now exists. Links it to the business
 * its metadata names (the attempt's row), then reads its state after the commit.
 */
export async function takeSubscriptionCheckout(
  tx: Executor,
  event: EventOf<"subscription.checkout-completed">,
  deps: PaymentDeps,
): Promise<AfterCommit | undefined> {
  const businessId = event.metadata.businessId;
  if (event.metadata.purpose !== proPlanPurpose || !businessId) return;
  const [row] = await tx
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
    .for("update");
  if (!row) return;
  const live = row.status === "active" || row.status === "past-due";
  if (row.subscriptionId && row.subscriptionId !== event.subscriptionId && live) {
    // Two checkouts paid (two tabs): the business keeps the first subscription.
    return cancelDuplicate(deps, event.subscriptionId, businessId);
  }
  if (row.subscriptionId !== event.subscriptionId) {
    await tx
      .update(businessSubscriptions)
      .set({
        providerCheckoutId: event.providerCheckoutId,
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
        status: "incomplete",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      })
      .where(eq(businessSubscriptions.businessId, businessId));
  }
  return readAndTake(deps, event.subscriptionId);
}

/** The subscription changed (paid, past due, cancelled): the plan follows it. */
export async function takeSubscriptionUpdate(
  tx: Executor,
  event: EventOf<"subscription.updated">,
): Promise<void> {
  await takeSubscriptionState(tx, event.provider, event.subscription, event.created);
}
