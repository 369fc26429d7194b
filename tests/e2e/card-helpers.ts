import { expect } from "vitest";
import { stripePeerClient } from "#tests/support/stripe-peer-controls.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

/** Buyers who pay by card at the Stripe peer the e2e server talks to. */
export function cardHelpers(baseURL: string, stripePeerURL: string) {
  const peer = stripePeerClient(stripePeerURL);
  const helpers = ticketHelpers(baseURL);

  /** A new buyer's booking of one `typeId` ticket, paid by card at the peer and settled. */
  async function payByCard(eventShortId: string, typeId: string, name = "Carla Card") {
    const { userId } = await helpers.call<{ userId: string }>("test.signInAs", {
      name,
      phone: helpers.ukMobile(),
    });
    const hold = await helpers.call<{ id: string }>(
      "holds.create",
      {
        eventId: eventShortId,
        items: [{ ticketTypeId: typeId, quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      },
      userId,
    );
    const started = await helpers.call<{ checkoutId: string; url: string }>(
      "payments.startCheckout",
      { holdId: hold.id, attendees: [{ name }] },
      userId,
    );
    await peer.pay(new URL(started.url).pathname.split("/").pop() ?? "");
    await expect
      .poll(
        async () =>
          (
            await helpers.call<{ status: string }>(
              "payments.checkoutStatus",
              { checkoutId: started.checkoutId },
              userId,
            )
          ).status,
      )
      .toBe("booked");
    return { userId };
  }

  return { peer, payByCard };
}
