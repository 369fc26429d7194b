import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestFor, signedEvent } from "#tests/support/kits/stripe-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import {
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
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

const checkoutRequest = () => checkoutRequestFor(accountId);
const parsed = (type: string): PaymentEvent => {
  const { body, header } = signedEvent(peer, type);
  return stripe.parseWebhook(body, header);
};

describe("Stripe webhooks in our words (stripe-events.ts through parseWebhook)", () => {
  it("parses each kind of webhook", async () => {
    const request = checkoutRequest();
    const started = await stripe.startCheckout(request);
    await peer.pay(started.providerCheckoutId, { card: "declined" });
    const failed = parsed("payment_intent.payment_failed");
    expect(failed).toMatchObject({
      kind: "checkout.payment-failed",
      message: "Your card was declined.",
    });
    await peer.pay(started.providerCheckoutId);
    const paid = parsed("checkout.session.completed");
    expect(paid).toMatchObject({
      kind: "checkout.paid",
      provider: "stripe",
      checkout: {
        status: "paid",
        checkoutId: request.checkoutId,
        amountMinor: 5300,
        currency: "eur",
      },
    });
    if (paid.kind !== "checkout.paid" || failed.kind !== "checkout.payment-failed")
      throw new Error("kinds");
    expect(paid.checkout.paymentReference).toBe(failed.paymentReference);
    expect(paid.id).toMatch(/^evt_/);

    const dispute = await peer.openDispute(failed.paymentReference);
    expect(parsed("charge.dispute.created")).toMatchObject({
      kind: "dispute.opened",
      paymentReference: failed.paymentReference,
      disputeId: dispute.id,
      amountMinor: 5300,
      reason: "fraudulent",
    });
    await peer.closeDispute(dispute.id, "lost");
    expect(parsed("charge.dispute.closed")).toMatchObject({
      kind: "dispute.closed",
      disputeId: dispute.id,
      status: "lost",
    });

    peer.nextRefundStatus("failed");
    await stripe.refund({
      paymentReference: failed.paymentReference,
      idempotencyKey: `f-${Date.now()}`,
      reason: null,
      metadata: { checkout: "x" },
    });
    peer.nextRefundStatus("succeeded");
    expect(parsed("refund.created")).toMatchObject({
      kind: "refund.updated",
      refund: { status: "pending" },
      metadata: { checkout: "x" },
    });
    expect(parsed("refund.updated")).toMatchObject({
      kind: "refund.updated",
      refund: { status: "failed" },
      paymentReference: failed.paymentReference,
    });

    const expiring = await stripe.startCheckout(checkoutRequest());
    await peer.expire(expiring.providerCheckoutId);
    expect(parsed("checkout.session.expired")).toMatchObject({
      kind: "checkout.expired",
      checkout: { status: "expired" },
    });

    expect(parsed("account.updated")).toMatchObject({
      kind: "account.updated",
      account: { state: expect.any(String) },
    });
    expect(parsed("charge.succeeded")).toMatchObject({ kind: "other", type: "charge.succeeded" });
  });

  it("refuses a forged signature, a missing one, and an old timestamp", () => {
    const { body, header } = signedEvent(peer, "charge.succeeded");
    const forged = Buffer.from(body.toString().replace("4242", "4343"));
    expect(() => stripe.parseWebhook(forged, header)).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    const otherSecret = Stripe.webhooks.generateTestHeaderString({
      payload: body.toString(),
      secret: "whsec_other",
    });
    expect(() => stripe.parseWebhook(body, otherSecret)).toThrow(WebhookSignatureError);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const old = signedEvent(peer, "charge.succeeded", tenMinutesAgo);
    expect(() => stripe.parseWebhook(old.body, old.header)).toThrow(WebhookSignatureError);
  });
});
