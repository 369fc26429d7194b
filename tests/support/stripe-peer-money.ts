import { type Form, int, metadataOf, text } from "./stripe-form.ts";
import type { PeerContext } from "./stripe-peer-checkout.ts";
import { invalid, type Json, missing, newId, nowSeconds } from "./stripe-peer-store.ts";

/**
 * The test peer's refunds, connected accounts, subscriptions and disputes: what Stripe
 * does after a payment, in its shapes, each change announced as an event.
 */

const REFUND_REASONS = ["duplicate", "requested_by_customer", "fraudulent"];

/** `POST /v1/refunds`: never more than was paid, in the status the test chose. */
export function createRefund(ctx: PeerContext, form: Form): Json {
  const intentId = text(form, "payment_intent");
  if (!intentId) throw invalid("Missing required param: payment_intent.", "payment_intent");
  const intent = ctx.store.paymentIntents.get(intentId);
  if (!intent) throw missing("payment_intent", intentId, "payment_intent");
  const charge = intent.latest_charge ? ctx.store.charges.get(intent.latest_charge) : undefined;
  if (intent.status !== "succeeded" || !charge)
    throw invalid(
      `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      "payment_intent",
    );
  const reason = text(form, "reason") ?? null;
  if (reason && !REFUND_REASONS.includes(reason))
    throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(", ")}`, "reason");
  const alreadyRefunded = [...ctx.store.refunds.values()]
    .filter((refund) => refund.charge === charge.id && refund.status !== "failed")
    .reduce((sum, refund) => sum + refund.amount, 0);
  const left = charge.amount - alreadyRefunded;
  if (left <= 0)
    throw invalid(
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      "charge_already_refunded",
    );
  const amount = int(form, "amount") ?? left;
  if (amount <= 0) throw invalid("Invalid positive integer.", "amount");
  if (amount > left)
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      "amount",
      "amount_too_large",
    );
  const status = ctx.store.nextRefundStatus;
  const refund: Json = {
    id: newId("re"),
    object: "refund",
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: intent.id,
    created: nowSeconds(),
    reason,
    metadata: metadataOf(form),
    status: status === "failed" ? "pending" : status,
    failure_reason: null,
    reverse_transfer: text(form, "reverse_transfer") === "true",
    refund_application_fee: text(form, "refund_application_fee") === "true",
  };
  ctx.store.refunds.set(refund.id, refund);
  ctx.emit("refund.created", refund);
  if (status === "succeeded") chargeRefunded(ctx, refund);
  // A failed refund is accepted first, then fails, as at Stripe.
  if (status === "failed") settleRefund(ctx, refund.id, "failed");
  return refund;
}

/** Moves a pending refund to succeeded or failed (`refund.updated`, `charge.refunded`). */
export function settleRefund(
  ctx: PeerContext,
  refundId: string,
  status: "succeeded" | "failed",
): Json {
  const refund = ctx.store.refunds.get(refundId);
  if (!refund) throw missing("refund", refundId);
  if (refund.status !== "pending")
    throw invalid(`Refund ${refundId} is ${refund.status}, not pending.`);
  refund.status = status;
  if (status === "failed") refund.failure_reason = "unknown";
  ctx.emit("refund.updated", refund);
  if (status === "succeeded") chargeRefunded(ctx, refund);
  return refund;
}

function chargeRefunded(ctx: PeerContext, refund: Json): void {
  const charge = ctx.store.charges.get(refund.charge);
  if (!charge) return;
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  ctx.emit("charge.refunded", charge);
}

/** `POST /v1/accounts` (express): pending until its onboarding is completed. */
export function createAccount(ctx: PeerContext, form: Form): Json {
  const type = text(form, "type") ?? "express";
  const account: Json = {
    id: newId("acct"),
    object: "account",
    type,
    email: text(form, "email") ?? null,
    metadata: metadataOf(form),
    created: nowSeconds(),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: {
      currently_due: ["external_account", "tos_acceptance.date"],
      disabled_reason: "requirements.past_due",
    },
  };
  ctx.store.accounts.set(account.id, account);
  return account;
}

export function accountOf(ctx: PeerContext, id: string): Json {
  const account = ctx.store.accounts.get(id);
  if (!account) throw missing("account", id, "account");
  return account;
}

/** `POST /v1/account_links`: a one-time link to the peer's onboarding page. */
export function createAccountLink(ctx: PeerContext, form: Form): Json {
  const accountId = text(form, "account");
  if (!accountId) throw invalid("Missing required param: account.", "account");
  accountOf(ctx, accountId);
  const returnUrl = text(form, "return_url");
  const refreshUrl = text(form, "refresh_url");
  if (!returnUrl || !refreshUrl)
    throw invalid(
      "Missing required param: return_url and refresh_url.",
      returnUrl ? "refresh_url" : "return_url",
    );
  const link = newId("link");
  ctx.store.accountLinks.set(link, { account: accountId, returnUrl, refreshUrl });
  const created = nowSeconds();
  return {
    object: "account_link",
    created,
    expires_at: created + 300,
    url: `${ctx.url}/onboard/${accountId}?link=${link}`,
  };
}

/** Onboarding done: `active` can take charges; `restricted` submitted but disabled. */
export function completeOnboarding(
  ctx: PeerContext,
  accountId: string,
  state: "active" | "restricted",
): Json {
  const account = accountOf(ctx, accountId);
  Object.assign(account, {
    details_submitted: true,
    charges_enabled: state === "active",
    payouts_enabled: state === "active",
    requirements:
      state === "active"
        ? { currently_due: [], disabled_reason: null }
        : {
            currently_due: ["individual.verification.document"],
            disabled_reason: "requirements.past_due",
          },
  });
  ctx.emit("account.updated", account);
  return account;
}

export function subscriptionOf(ctx: PeerContext, id: string): Json {
  const subscription = ctx.store.subscriptions.get(id);
  if (!subscription) throw missing("subscription", id);
  return subscription;
}

/** `POST /v1/subscriptions/:id` (cancel_at_period_end only). */
export function updateSubscription(ctx: PeerContext, id: string, form: Form): Json {
  const subscription = subscriptionOf(ctx, id);
  if (subscription.status === "canceled")
    throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
  const atEnd = text(form, "cancel_at_period_end");
  if (atEnd !== undefined) {
    subscription.cancel_at_period_end = atEnd === "true";
    subscription.cancel_at = subscription.cancel_at_period_end
      ? Math.max(...subscription.items.data.map((item: Json) => item.current_period_end))
      : null;
  }
  Object.assign(subscription.metadata, metadataOf(form));
  ctx.emit("customer.subscription.updated", subscription);
  return subscription;
}

/** `DELETE /v1/subscriptions/:id`: cancelled now. */
export function cancelSubscription(ctx: PeerContext, id: string): Json {
  const subscription = subscriptionOf(ctx, id);
  if (subscription.status === "canceled")
    throw invalid(
      `No such subscription: '${id}' (already canceled)`,
      undefined,
      "resource_missing",
    );
  return setSubscriptionStatus(ctx, id, "canceled");
}

export function setSubscriptionStatus(
  ctx: PeerContext,
  id: string,
  status: "past_due" | "active" | "canceled" | "unpaid",
): Json {
  const subscription = subscriptionOf(ctx, id);
  subscription.status = status;
  if (status === "canceled") {
    subscription.canceled_at = nowSeconds();
    subscription.ended_at = subscription.canceled_at;
  }
  ctx.emit(
    status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated",
    subscription,
  );
  return subscription;
}

/** A buyer disputes a payment (`charge.dispute.created`). */
export function openDispute(ctx: PeerContext, paymentIntentId: string): Json {
  const intent = ctx.store.paymentIntents.get(paymentIntentId);
  if (!intent?.latest_charge) throw missing("payment_intent", paymentIntentId);
  const dispute: Json = {
    id: newId("dp"),
    object: "dispute",
    amount: intent.amount,
    currency: intent.currency,
    charge: intent.latest_charge,
    payment_intent: intent.id,
    reason: "fraudulent",
    status: "needs_response",
    created: nowSeconds(),
  };
  ctx.store.disputes.set(dispute.id, dispute);
  ctx.emit("charge.dispute.created", dispute);
  return dispute;
}

/** The dispute is decided (`charge.dispute.closed`): `won` or `lost`. */
export function closeDispute(ctx: PeerContext, disputeId: string, status: "won" | "lost"): Json {
  const dispute = ctx.store.disputes.get(disputeId);
  if (!dispute) throw missing("dispute", disputeId);
  dispute.status = status;
  ctx.emit("charge.dispute.closed", dispute);
  return dispute;
}
