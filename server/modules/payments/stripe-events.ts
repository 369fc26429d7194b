import type Stripe from "stripe";
import type {
  AccountState,
  CheckoutState,
  PaymentEvent,
  ProviderRefund,
  SubscriptionState,
  SubscriptionStatus,
} from "./payment-provider.ts";

/**
 * Stripe's objects and events in our words (payment-provider.ts). Kept apart from the
 * SDK calls so the webhook and the reads agree on every mapping.
 */

export const STRIPE = "stripe";
/** Where our checkout's id rides in a Stripe session's metadata. */
export const CHECKOUT_ID_KEY = "checkout_id";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

const metadataOf = (metadata: Stripe.Metadata | null | undefined): Record<string, string> => ({
  ...(metadata ?? {}),
});

/**
 * A checkout session as we see it. With `payment_intent.latest_charge` expanded (a read)
 * the amount is what the payment received and the card's last 4 digits are known; from
 * an event (ids only) the session's own total stands for it.
 */
export function checkoutStateOf(session: Stripe.Checkout.Session): CheckoutState {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const paid =
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required");
  const status = paid ? "paid" : session.status === "expired" ? "expired" : "open";
  const metadata = metadataOf(session.metadata);
  return {
    providerCheckoutId: session.id,
    status,
    checkoutId: metadata[CHECKOUT_ID_KEY] ?? null,
    amountMinor: paid ? (intent?.amount_received ?? session.amount_total) : null,
    currency: paid ? ((intent?.currency ?? session.currency)?.toLowerCase() ?? null) : null,
    paymentReference: idOf(session.payment_intent),
    cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
    lastError: status === "open" ? (intent?.last_payment_error?.message ?? null) : null,
    metadata,
  };
}

/**
 * Charges on: active. Details submitted but charges off, or Stripe disabled it for another
 * reason than missing details (rejected, under review): restricted. Else: still onboarding.
 */
export function accountStateOf(account: Stripe.Account): AccountState {
  if (account.charges_enabled) return "active";
  if (account.details_submitted) return "restricted";
  const reason = account.requirements?.disabled_reason ?? null;
  return reason && !reason.startsWith("requirements.") ? "restricted" : "pending";
}

export function refundOf(refund: Stripe.Refund): ProviderRefund {
  const status: ProviderRefund["status"] =
    refund.status === "succeeded"
      ? "succeeded"
      : refund.status === "failed"
        ? "failed"
        : refund.status === "canceled"
          ? "cancelled"
          : "pending";
  return {
    refundId: refund.id,
    status,
    amountMinor: refund.amount,
    failureReason: refund.failure_reason ?? null,
  };
}

const SUBSCRIPTION_STATUSES: Record<string, SubscriptionStatus> = {
  active: "active",
  trialing: "active",
  past_due: "past-due",
  unpaid: "past-due",
  canceled: "cancelled",
  incomplete_expired: "cancelled",
  incomplete: "incomplete",
};

/** The period's end is on the items in this API version: the latest of them. */
export function subscriptionStateOf(subscription: Stripe.Subscription): SubscriptionState {
  const ends = subscription.items?.data.map((item) => item.current_period_end) ?? [];
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    status: SUBSCRIPTION_STATUSES[subscription.status] ?? "incomplete",
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    metadata: metadataOf(subscription.metadata),
  };
}

/** A verified Stripe event in our words; every type we do not use is `other`. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, provider: STRIPE, created: new Date(event.created * 1000) };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.mode === "subscription")
        return event.type === "checkout.session.completed"
          ? {
              ...base,
              kind: "subscription.checkout-completed",
              providerCheckoutId: session.id,
              subscriptionId: idOf(session.subscription) ?? "",
              customerId: idOf(session.customer),
              metadata: metadataOf(session.metadata),
            }
          : { ...base, kind: "other", type: event.type };
      const checkout = checkoutStateOf(session);
      // Completed but not yet paid (a delayed method): async_payment_succeeded follows.
      if (checkout.status !== "paid") return { ...base, kind: "other", type: event.type };
      return { ...base, kind: "checkout.paid", checkout };
    }
    case "checkout.session.expired":
      return { ...base, kind: "checkout.expired", checkout: checkoutStateOf(event.data.object) };
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      return {
        ...base,
        kind: "checkout.payment-failed",
        paymentReference: intent.id,
        message: intent.last_payment_error?.message ?? "The payment failed.",
      };
    }
    case "account.updated": {
      const account = event.data.object;
      return {
        ...base,
        kind: "account.updated",
        account: { accountId: account.id, state: accountStateOf(account) },
      };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      return {
        ...base,
        kind: "dispute.opened",
        paymentReference: idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? "",
        disputeId: dispute.id,
        amountMinor: dispute.amount,
        reason: dispute.reason,
      };
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      return {
        ...base,
        kind: "dispute.closed",
        paymentReference: idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? "",
        disputeId: dispute.id,
        status: dispute.status,
      };
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data.object;
      return {
        ...base,
        kind: "refund.updated",
        refund: refundOf(refund),
        paymentReference: idOf(refund.payment_intent) ?? idOf(refund.charge) ?? "",
        metadata: metadataOf(refund.metadata),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return {
        ...base,
        kind: "subscription.updated",
        subscription: subscriptionStateOf(event.data.object),
      };
    default:
      return { ...base, kind: "other", type: event.type };
  }
}
