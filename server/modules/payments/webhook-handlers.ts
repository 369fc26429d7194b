import {
  onCheckoutExpired,
  onCheckoutPaid,
  onCheckoutPaymentFailed,
  onDisputeClosed,
  onDisputeOpened,
} from "./checkout-webhooks.ts";
import { applyAccountUpdate } from "./payment-accounts.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { onRefundUpdated } from "./refund-webhooks.ts";
import { takeSubscriptionCheckout, takeSubscriptionUpdate } from "./subscription-webhooks.ts";
import type { WebhookHandler } from "./webhook-handler.ts";

// The handler's type lives in webhook-handler.ts, so the handlers this map imports can
// name it without an import loop through this file.
export type { AfterCommit, WebhookHandler } from "./webhook-handler.ts";

/** Which handler takes each kind of event; a kind without one is stored and answered 2xx. */
export const webhookHandlers: { [K in PaymentEvent["kind"]]?: WebhookHandler<K> } = {
  // Card checkouts (settle-checkout.ts, checkout-disputes.ts).
  "checkout.paid": onCheckoutPaid,
  "checkout.expired": onCheckoutExpired,
  "checkout.payment-failed": onCheckoutPaymentFailed,
  "dispute.opened": onDisputeOpened,
  "dispute.closed": onDisputeClosed,
  // A business's connected account: its state (payment-accounts.ts).
  "account.updated": applyAccountUpdate,
  // Refunds: an attempt's state (refund-webhooks.ts); a late payment's refund recorded.
  "refund.updated": onRefundUpdated,
  // The Pro plan (pro-subscription.service.ts): the plan follows the subscription.
  "subscription.checkout-completed": takeSubscriptionCheckout,
  "subscription.updated": takeSubscriptionUpdate,
};
