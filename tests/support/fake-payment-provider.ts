import type {
  CheckoutState,
  PaymentProvider,
  StartCheckoutRequest,
} from "#server/modules/payments/payment-provider.ts";

type Session = {
  id: string;
  request: StartCheckoutRequest;
  status: CheckoutState["status"];
  amountMinor: number | null;
  currency: string | null;
  paymentReference: string | null;
  lastError: string | null;
};

/**
 * An in-memory card processor behind our PaymentProvider interface, for the settlement's
 * unit tests: it keeps sessions by idempotency key (a second start gets the same one),
 * pays or declines them on request and counts refunds by key.
 */
export function fakePaymentProvider() {
  const sessions = new Map<string, Session>();
  const byKey = new Map<string, string>();
  const refunds = new Map<string, { refundId: string; paymentReference: string }>();
  let counter = 0;
  /** Refunds fail while true (the provider down after a settlement committed). */
  const faults = { refunds: false };
  const stateOf = (session: Session): CheckoutState => ({
    providerCheckoutId: session.id,
    status: session.status,
    checkoutId: session.request.metadata.checkoutId ?? null,
    amountMinor: session.amountMinor,
    currency: session.currency,
    paymentReference: session.paymentReference,
    cardLast4: session.status === "paid" ? "4242" : null,
    lastError: session.lastError,
    metadata: session.request.metadata,
  });
  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no such checkout ${id}`);
    return session;
  };
  const unused = () => {
    throw new Error("not used by these tests");
  };
  const provider: PaymentProvider = {
    name: "stripe",
    async startCheckout(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known) {
        const session = sessionOf(known);
        return {
          providerCheckoutId: session.id,
          url: `https://pay.test/${session.id}`,
          expiresAt: request.expiresAt,
        };
      }
      const id = `cs_test_${++counter}`;
      sessions.set(id, {
        id,
        request,
        status: "open",
        amountMinor: null,
        currency: null,
        paymentReference: null,
        lastError: null,
      });
      byKey.set(request.idempotencyKey, id);
      return {
        providerCheckoutId: id,
        url: `https://pay.test/${id}`,
        expiresAt: request.expiresAt,
      };
    },
    async readCheckout(id) {
      return stateOf(sessionOf(id));
    },
    async expireCheckout(id) {
      const session = sessionOf(id);
      if (session.status === "open") session.status = "expired";
      return stateOf(session);
    },
    async refund(request) {
      if (faults.refunds) throw new Error("the provider is down");
      const known = refunds.get(request.idempotencyKey);
      const refund = known ?? {
        refundId: `re_${++counter}`,
        paymentReference: request.paymentReference,
      };
      refunds.set(request.idempotencyKey, refund);
      return { refundId: refund.refundId, status: "succeeded", amountMinor: 0 };
    },
    createAccount: unused,
    readAccount: unused,
    onboardingLink: unused,
    startSubscription: unused,
    readSubscription: unused,
    cancelSubscription: unused,
    parseWebhook: unused,
  };
  return {
    provider,
    faults,
    sessions,
    refunds,
    /** The buyer pays the session (as charged: the request's total unless told otherwise). */
    pay(id: string, charged: { amountMinor?: number; currency?: string } = {}): CheckoutState {
      const session = sessionOf(id);
      session.status = "paid";
      session.amountMinor = charged.amountMinor ?? session.request.totalMinor;
      session.currency = charged.currency ?? session.request.currency;
      session.paymentReference = `pi_${id}`;
      session.lastError = null;
      return stateOf(session);
    },
    decline(id: string, message: string): CheckoutState {
      const session = sessionOf(id);
      session.lastError = message;
      session.paymentReference = `pi_${id}`;
      return stateOf(session);
    },
    expire(id: string): CheckoutState {
      const session = sessionOf(id);
      session.status = "expired";
      return stateOf(session);
    },
    state: (id: string) => stateOf(sessionOf(id)),
  };
}
