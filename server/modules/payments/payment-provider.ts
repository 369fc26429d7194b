/**
 * The one interface between our payments and a card processor (Stripe today, see
 * stripe-provider.ts). Bookings never import a provider: the payments module turns what a
 * provider says into bookings, refunds and plan changes. Money is integer minor units in
 * a lower-case ISO 4217 currency ("eur"), as the processors use them.
 */

/** One line of a hosted checkout: a ticket type, the booking fee, the tax. */
export type CheckoutLine = { name: string; unitAmountMinor: number; quantity: number };

export type StartCheckoutRequest = {
  /** Our checkout's id (the `checkouts` row), echoed back in the provider's metadata. */
  checkoutId: string;
  /**
   * The hold's id: starting twice for one hold reuses the provider's checkout (the
   * processor's idempotency key), never a second one.
   */
  idempotencyKey: string;
  currency: string;
  lines: CheckoutLine[];
  /** Sum of the lines; the provider must charge exactly this. */
  totalMinor: number;
  /** The platform's part, kept by us; the rest goes to the business's account. */
  applicationFeeMinor: number;
  /** The business's connected account (payment_accounts.account_id). */
  connectedAccountId: string;
  /** At least 30 minutes ahead (Stripe's minimum); the hold is extended to it. */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  /** Stored with the provider's checkout and returned in its events. */
  metadata: Record<string, string>;
};

export type ProviderCheckout = {
  providerCheckoutId: string;
  /** The hosted page the buyer is sent to. */
  url: string;
  expiresAt: Date;
};

/**
 * A checkout as the provider sees it now: `open` (not paid yet; `lastError` tells why the
 * last card was refused), `paid` (money taken: amount and currency as charged), `expired`.
 */
export type CheckoutState = {
  providerCheckoutId: string;
  status: "open" | "paid" | "expired";
  /** Our checkout id from the metadata (null when the checkout is not one of ours). */
  checkoutId: string | null;
  amountMinor: number | null;
  currency: string | null;
  /** The payment's id at the provider (Stripe: the PaymentIntent), refunds name it. */
  paymentReference: string | null;
  cardLast4: string | null;
  lastError: string | null;
  metadata: Record<string, string>;
};

export type RefundRequest = {
  paymentReference: string;
  /** Omitted: the whole payment. */
  amountMinor?: number;
  /** Ours, stable across retries and crashes (e.g. `late:{checkoutId}`): one refund per key. */
  idempotencyKey: string;
  reason: "duplicate" | "requested_by_customer" | "fraudulent" | null;
  metadata: Record<string, string>;
};

export type ProviderRefund = {
  refundId: string;
  status: "pending" | "succeeded" | "failed" | "cancelled";
  amountMinor: number;
  /** Why it failed, the provider's code (Stripe's `failure_reason`), when it did. */
  failureReason?: string | null;
};

/** A business's account at the provider, to be paid directly (Stripe Connect). */
export type AccountState = "pending" | "active" | "restricted";

export type ProviderAccount = { accountId: string; state: AccountState };

export type StartSubscriptionRequest = {
  businessId: string;
  /** Our id for the attempt: the processor's idempotency key. */
  idempotencyKey: string;
  planName: string;
  amountMinor: number;
  currency: string;
  interval: "month" | "year";
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
};

export type SubscriptionStatus = "incomplete" | "active" | "past-due" | "cancelled";

export type SubscriptionState = {
  subscriptionId: string;
  customerId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
};

/**
 * A webhook event, verified and put into our own words. `id` is the provider's event id:
 * stored once (payment_events), so a repeat does nothing. `other` is every type we do not
 * use (answered 2xx, nothing done).
 */
export type PaymentEvent = { id: string; provider: string; created: Date } & (
  | { kind: "checkout.paid"; checkout: CheckoutState }
  | { kind: "checkout.expired"; checkout: CheckoutState }
  | { kind: "checkout.payment-failed"; paymentReference: string; message: string }
  | { kind: "account.updated"; account: ProviderAccount }
  | {
      kind: "dispute.opened";
      paymentReference: string;
      disputeId: string;
      amountMinor: number;
      reason: string;
    }
  | { kind: "dispute.closed"; paymentReference: string; disputeId: string; status: string }
  | {
      kind: "refund.updated";
      refund: ProviderRefund;
      paymentReference: string;
      metadata: Record<string, string>;
    }
  | {
      kind: "subscription.checkout-completed";
      providerCheckoutId: string;
      subscriptionId: string;
      customerId: string | null;
      metadata: Record<string, string>;
    }
  | { kind: "subscription.updated"; subscription: SubscriptionState }
  | { kind: "other"; type: string }
);

/** A webhook whose signature or timestamp does not check out: 400, nothing written. */
export class WebhookSignatureError extends Error {}

/**
 * A passing fault at the provider (network, 5xx, rate limit): the caller may retry later;
 * a webhook answers 5xx so the provider sends it again.
 */
export class ProviderUnavailableError extends Error {}

export type PaymentProvider = {
  /** Stored on bookings and checkouts (`stripe`). */
  name: string;
  startCheckout(request: StartCheckoutRequest): Promise<ProviderCheckout>;
  readCheckout(providerCheckoutId: string): Promise<CheckoutState>;
  /** Ends an open checkout so it can no longer be paid (its hold was let go). */
  expireCheckout(providerCheckoutId: string): Promise<CheckoutState>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  createAccount(input: {
    businessId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<ProviderAccount>;
  readAccount(accountId: string): Promise<ProviderAccount>;
  /** A one-time link to the provider's onboarding for the account. */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  startSubscription(
    request: StartSubscriptionRequest,
  ): Promise<{ providerCheckoutId: string; url: string }>;
  readSubscription(subscriptionId: string): Promise<SubscriptionState>;
  cancelSubscription(
    subscriptionId: string,
    input: { atPeriodEnd: boolean },
  ): Promise<SubscriptionState>;
  /**
   * Checks the signature and age of a webhook on its raw body, then parses it.
   * Throws WebhookSignatureError when it does not check out.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
};
