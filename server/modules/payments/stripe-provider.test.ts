import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestFor, signedEvent } from "#tests/support/kits/stripe-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import {
  type PaymentEvent,
  type PaymentProvider,
  ProviderUnavailableError,
  type StartCheckoutRequest,
} from "./payment-provider.ts";
import { stripeProvider } from "./stripe-provider.ts";

let peer: StripePeer;
let stripe: PaymentProvider;
let accountId: string;

beforeAll(async () => {
  peer = await startStripePeer();
  stripe = stripeProvider(peer.env());
  const account = await stripe.createAccount({
    businessId: "b-1",
    email: "org@example.test",
    idempotencyKey: "acct-b-1",
  });
  accountId = account.accountId;
  await peer.completeOnboarding(accountId, "active");
});
afterAll(() => peer.close());

const checkoutRequest = (overrides: Partial<StartCheckoutRequest> = {}) =>
  checkoutRequestFor(accountId, overrides);
const parsed = (type: string): PaymentEvent => {
  const { body, header } = signedEvent(peer, type);
  return stripe.parseWebhook(body, header);
};

describe("stripeProvider against the Stripe peer (the real SDK)", () => {
  it("starts a destination-charge checkout, reads it open, and expires it", async () => {
    const request = checkoutRequest();
    const started = await stripe.startCheckout(request);
    expect(started.url).toBe(`${peer.url}/pay/${started.providerCheckoutId}`);
    expect(Math.abs(started.expiresAt.getTime() - request.expiresAt.getTime())).toBeLessThan(1000);
    const session = peer.store.sessions.get(started.providerCheckoutId);
    expect(session).toMatchObject({
      amount_total: 5300,
      currency: "eur",
      customer_email: "buyer@example.test",
    });
    expect(peer.store.extras.get(started.providerCheckoutId)?.paymentIntentData).toMatchObject({
      applicationFeeAmount: 300,
      destination: accountId,
    });

    const open = await stripe.readCheckout(started.providerCheckoutId);
    expect(open).toMatchObject({
      status: "open",
      checkoutId: request.checkoutId,
      amountMinor: null,
      lastError: null,
    });
    expect(open.metadata).toMatchObject({
      holdId: request.metadata.holdId,
      checkout_id: request.checkoutId,
    });

    const expired = await stripe.expireCheckout(started.providerCheckoutId);
    expect(expired.status).toBe("expired");
    // Expiring again is not an error: it says how the checkout stands.
    expect((await stripe.expireCheckout(started.providerCheckoutId)).status).toBe("expired");
    await expect(peer.pay(started.providerCheckoutId)).rejects.toThrow(/expired/);
  });

  it("starting twice with one key gives the same checkout; other lines with it are refused", async () => {
    const request = checkoutRequest();
    const first = await stripe.startCheckout(request);
    const again = await stripe.startCheckout(request);
    expect(again.providerCheckoutId).toBe(first.providerCheckoutId);
    const other = { ...request, lines: [{ name: "Seated", unitAmountMinor: 5300, quantity: 1 }] };
    await expect(stripe.startCheckout(other)).rejects.toThrow(/same parameters/);
  });

  it("refuses lines that do not add up to the total, and an expiry under 30 minutes", async () => {
    await expect(stripe.startCheckout(checkoutRequest({ totalMinor: 5000 }))).rejects.toThrow(
      /add up to 5300/,
    );
    const soon = new Date(Date.now() + 10 * 60 * 1000);
    const refused = stripe.startCheckout(checkoutRequest({ expiresAt: soon }));
    await expect(refused).rejects.toThrow(/at least 30 minutes/);
    await expect(refused).rejects.not.toBeInstanceOf(ProviderUnavailableError);
  });

  it("reads a paid checkout with the amount and currency charged and the card's last 4 digits", async () => {
    const started = await stripe.startCheckout(checkoutRequest());
    await peer.pay(started.providerCheckoutId, { card: "declined" });
    const declined = await stripe.readCheckout(started.providerCheckoutId);
    expect(declined).toMatchObject({ status: "open", lastError: "Your card was declined." });

    await peer.pay(started.providerCheckoutId);
    const paid = await stripe.readCheckout(started.providerCheckoutId);
    expect(paid).toMatchObject({
      status: "paid",
      amountMinor: 5300,
      currency: "eur",
      cardLast4: "4242",
      lastError: null,
    });
    expect(paid.paymentReference).toMatch(/^pi_/);
  });

  it("refunds once per key, and never more than was paid", async () => {
    const started = await stripe.startCheckout(checkoutRequest());
    await peer.pay(started.providerCheckoutId);
    const { paymentReference } = await stripe.readCheckout(started.providerCheckoutId);
    if (!paymentReference) throw new Error("paid without a payment");
    const refund = {
      paymentReference,
      idempotencyKey: `late:${started.providerCheckoutId}`,
      reason: null,
      metadata: { why: "late" },
    };
    const first = await stripe.refund(refund);
    const second = await stripe.refund(refund);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ status: "succeeded", amountMinor: 5300 });
    const refunds = [...peer.store.refunds.values()].filter(
      (r) => r.payment_intent === paymentReference,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reverse_transfer: true, refund_application_fee: true });
    await expect(
      stripe.refund({ ...refund, idempotencyKey: "another", amountMinor: 1 }),
    ).rejects.toThrow(/already been refunded/);
  });

  it("refunds part of a payment, pending until settled", async () => {
    const started = await stripe.startCheckout(checkoutRequest());
    await peer.pay(started.providerCheckoutId);
    const { paymentReference } = await stripe.readCheckout(started.providerCheckoutId);
    peer.nextRefundStatus("pending");
    const refund = await stripe.refund({
      paymentReference: paymentReference ?? "",
      amountMinor: 2000,
      idempotencyKey: `part-${Date.now()}`,
      reason: "requested_by_customer",
      metadata: {},
    });
    peer.nextRefundStatus("succeeded");
    expect(refund).toMatchObject({ status: "pending", amountMinor: 2000 });
    await expect(
      stripe.refund({
        paymentReference: paymentReference ?? "",
        amountMinor: 4000,
        idempotencyKey: `more-${Date.now()}`,
        reason: null,
        metadata: {},
      }),
    ).rejects.toThrow(/greater than unrefunded/);
  });

  it("creates a connected account, links to onboarding, and reads its state", async () => {
    const account = await stripe.createAccount({
      businessId: "b-2",
      email: "two@example.test",
      idempotencyKey: "acct-b-2",
    });
    expect(account.state).toBe("pending");
    const again = await stripe.createAccount({
      businessId: "b-2",
      email: "two@example.test",
      idempotencyKey: "acct-b-2",
    });
    expect(again.accountId).toBe(account.accountId);
    const link = await stripe.onboardingLink({
      accountId: account.accountId,
      returnUrl: "http://app.test/back",
      refreshUrl: "http://app.test/again",
    });
    expect(link.url).toContain(`${peer.url}/onboard/${account.accountId}`);
    const later = await fetch(link.url.replace("?", "/later?"), {
      method: "POST",
      redirect: "manual",
    });
    expect(later.headers.get("location")).toBe("http://app.test/again");
    const done = await fetch(link.url.replace("?", "/complete?"), {
      method: "POST",
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("http://app.test/back");
    expect(await stripe.readAccount(account.accountId)).toEqual({
      accountId: account.accountId,
      state: "active",
    });

    const restricted = await stripe.createAccount({
      businessId: "b-3",
      email: "three@example.test",
      idempotencyKey: "acct-b-3",
    });
    await peer.completeOnboarding(restricted.accountId, "restricted");
    expect((await stripe.readAccount(restricted.accountId)).state).toBe("restricted");
  });

  it("starts a subscription checkout, then reads and cancels the subscription", async () => {
    const started = await stripe.startSubscription({
      businessId: "b-1",
      idempotencyKey: `pro-${Date.now()}`,
      planName: "Pro",
      amountMinor: 2900,
      currency: "EUR",
      interval: "month",
      customerEmail: "org@example.test",
      successUrl: "http://app.test/business/upgrade/done",
      cancelUrl: "http://app.test/business/upgrade",
      metadata: { plan: "pro" },
    });
    await peer.pay(started.providerCheckoutId);
    const completed = parsed("checkout.session.completed");
    expect(completed).toMatchObject({
      kind: "subscription.checkout-completed",
      providerCheckoutId: started.providerCheckoutId,
    });
    if (completed.kind !== "subscription.checkout-completed") throw new Error(completed.kind);
    expect(completed.metadata).toMatchObject({ plan: "pro", business_id: "b-1" });

    const subscription = await stripe.readSubscription(completed.subscriptionId);
    expect(subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
      customerId: completed.customerId,
    });
    expect(subscription.metadata).toMatchObject({ business_id: "b-1" });
    expect(subscription.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now());

    const atEnd = await stripe.cancelSubscription(completed.subscriptionId, { atPeriodEnd: true });
    expect(atEnd).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const now = await stripe.cancelSubscription(completed.subscriptionId, { atPeriodEnd: false });
    expect(now.status).toBe("cancelled");
    expect(parsed("customer.subscription.deleted")).toMatchObject({
      kind: "subscription.updated",
      subscription: { status: "cancelled" },
    });
  });

  it("says Stripe is unavailable when the peer answers 500s or cannot be reached", async () => {
    peer.failNext(3);
    await expect(stripe.readAccount(accountId)).rejects.toBeInstanceOf(ProviderUnavailableError);
    peer.failNext(1);
    // One 500, then the SDK's retry succeeds.
    expect((await stripe.readAccount(accountId)).state).toBe("active");

    const down = await startStripePeer();
    const env = down.env();
    await down.close();
    const unreachable = stripeProvider(env);
    await expect(unreachable.readCheckout("cs_test_x")).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });

  it("turns a bad key and an unknown id into plain errors with Stripe's message", async () => {
    const wrongKey = stripeProvider({ ...peer.env(), STRIPE_SECRET_KEY: "sk_test_wrong" });
    const refused = wrongKey.readAccount(accountId);
    await expect(refused).rejects.toThrow(/Invalid API Key/);
    await expect(refused).rejects.not.toBeInstanceOf(ProviderUnavailableError);
    await expect(stripe.readCheckout("cs_test_nope")).rejects.toThrow(/No such checkout.session/);
  });
});
