import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "#server/modules/payments/payment-provider.ts";
import { stripeProvider } from "#server/modules/payments/stripe-provider.ts";
import { type HttpPeer, startHttpPeer } from "#tests/support/http-peer.ts";
import { checkoutRequestFor } from "#tests/support/kits/stripe-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { stripePeerClient } from "#tests/support/stripe-peer-controls.ts";

/** The peer's hosted pages as a browser uses them, and its controls from another process. */
describe("the Stripe test peer", () => {
  let peer: StripePeer;
  let stripe: PaymentProvider;
  let receiver: HttpPeer;
  let accountId: string;

  beforeAll(async () => {
    peer = await startStripePeer();
    receiver = await startHttpPeer((_request, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    peer.setWebhookUrl(receiver.url);
    stripe = stripeProvider(peer.env());
    accountId = (
      await stripe.createAccount({
        businessId: "b",
        email: "b@example.test",
        idempotencyKey: "peer-b",
      })
    ).accountId;
    await peer.completeOnboarding(accountId, "active");
  });
  afterAll(async () => {
    await peer.close();
    await receiver.close();
  });

  const page = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      ...(form
        ? {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(form).toString(),
          }
        : {}),
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: await response.text(),
    };
  };

  it("shows the amount and lines, declines a card and stays payable, then pays and returns", async () => {
    const started = await stripe.startCheckout(checkoutRequestFor(accountId));
    const open = await page(started.url);
    expect(open.html).toContain("Pay 53.00 EUR");
    expect(open.html).toContain("Standing × 2: 50.00 EUR");
    expect(open.html).toContain('href="http://app.test/hold/1">Cancel</a>');

    const declined = await page(started.url, { card: "declined" });
    expect(declined.status).toBe(200);
    expect(declined.html).toContain("Your card was declined.");
    expect(declined.html).toContain(">Pay</button>");
    expect(peer.eventsOf("payment_intent.payment_failed").at(-1)?.data.object.id).toBeDefined();

    const paid = await page(started.url, { card: "ok" });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(
      `http://app.test/booking/return?session=${started.providerCheckoutId}`,
    );
    // The webhook left before the buyer came back.
    const completed = peer.eventsOf("checkout.session.completed").at(-1);
    expect(completed?.data.object.id).toBe(started.providerCheckoutId);
    expect(peer.deliveries.find((d) => d.event.id === completed?.id)?.attempts).toEqual([200]);
    expect((await page(started.url)).html).toContain("already paid");
  });

  it("cannot pay an expired checkout", async () => {
    const started = await stripe.startCheckout(checkoutRequestFor(accountId));
    await peer.expire(started.providerCheckoutId);
    const expired = await page(started.url, { card: "ok" });
    expect(expired.status).toBe(400);
    expect(expired.html).toContain("This checkout session has expired.");
    expect(expired.html).not.toContain("<button");
  });

  it("keeps undelivered events for redelivery, and is driven over HTTP from another process", async () => {
    const client = stripePeerClient(peer.url);
    await client.setAutoDeliver(false);
    const started = await stripe.startCheckout(checkoutRequestFor(accountId));
    const session = await client.pay(started.providerCheckoutId);
    expect(session).toMatchObject({ status: "complete", payment_status: "paid" });
    const events = await client.events();
    const completed = events.filter((e) => e.type === "checkout.session.completed").at(-1);
    expect(completed?.data.object.id).toBe(started.providerCheckoutId);
    expect(peer.deliveries.find((d) => d.event.id === completed?.id)?.attempts).toEqual([]);
    await client.setAutoDeliver(true);
    expect(await client.deliver(completed?.id ?? "", 3)).toEqual([200, 200, 200]);
    expect(await client.redeliverFailed()).toBeGreaterThan(0);
    expect(peer.deliveries.every((d) => d.delivered > 0)).toBe(true);
    await expect(client.pay("cs_test_nope")).rejects.toThrow(/No such checkout.session/);
  });

  it("refuses requests without the secret key, as Stripe does", async () => {
    const response = await fetch(`${peer.url}/v1/accounts/${accountId}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });
});
