import Stripe from "stripe";
import type { StartCheckoutRequest } from "#server/modules/payments/payment-provider.ts";
import type { StripePeer } from "#tests/support/stripe-peer.ts";

let seq = 0;

/** A checkout of two tickets and their fee (53.00 EUR, 3.00 ours), a new key each time. */
export function checkoutRequestFor(
  accountId: string,
  overrides: Partial<StartCheckoutRequest> = {},
): StartCheckoutRequest {
  seq++;
  return {
    checkoutId: `checkout-${seq}-${process.pid}`,
    idempotencyKey: `hold-${seq}-${Date.now()}`,
    currency: "eur",
    lines: [
      { name: "Standing", unitAmountMinor: 2500, quantity: 2 },
      { name: "Booking fee", unitAmountMinor: 150, quantity: 2 },
    ],
    totalMinor: 5300,
    applicationFeeMinor: 300,
    connectedAccountId: accountId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    successUrl: "http://app.test/booking/return?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://app.test/hold/1",
    customerEmail: "buyer@example.test",
    metadata: { holdId: `hold-${seq}` },
    ...overrides,
  };
}

/** The peer's last event of this type, signed as Stripe sends it (or at `timestamp`, seconds). */
export function signedEvent(
  peer: StripePeer,
  type: string,
  timestamp?: number,
): { body: Buffer; header: string; id: string } {
  const event = peer.eventsOf(type).at(-1);
  if (!event) throw new Error(`The Stripe peer sent no ${type} event`);
  return { ...signedPayload(peer, event, timestamp), id: event.id };
}

/** Any JSON signed with the peer's webhook secret (SDK's test header helper). */
export function signedPayload(
  peer: StripePeer,
  event: unknown,
  timestamp?: number,
): { body: Buffer; header: string } {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: peer.webhookSecret,
    ...(timestamp !== undefined ? { timestamp } : {}),
  });
  return { body: Buffer.from(payload), header };
}
