import { expect } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { stripePeerClient } from "#tests/support/stripe-peer-controls.ts";
import { callFunction, uniquePhone } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

/** Paris wall time `days` ahead at `hour`:00, as the event form takes it. */
const inDays = (days: number, hour: number) =>
  `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/Paris").slice(0, 10)}T${hour}:00`;

/**
 * A new organiser's published event in 20 days with one card-paid type "Standard" at
 * €12.00: with the e2e server's booking fee (5 % + €0.20) the buyer pays €12.80 a ticket.
 * `invoices` turns the business's invoices on first; `event` adds fields to the event.
 */
export async function cardEvent(
  base: string,
  title: string,
  options: { invoices?: boolean; event?: Record<string, unknown> } = {},
): Promise<{ eventId: string; shortId: string; typeId: string; ownerId: string }> {
  const call = <T>(name: string, data: unknown, userId?: string) =>
    callFunction<T>(base, name, data, userId);
  const { userId } = await call<{ userId: string }>("test.signInAs", {
    name: "Card Organiser",
    phone: uniquePhone(),
  });
  await call(
    "businesses.apply",
    {
      name: `${title} Ltd`,
      type: "venue",
      contactPhone: "+33142685300",
      contactEmail: "cards@example.com",
      address: "12 Rue de la Paix, Paris",
    },
    userId,
  );
  if (options.invoices) {
    await call(
      "invoices.updateSettings",
      { invoicesEnabled: true, taxId: "FR40303265045" },
      userId,
    );
  }
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title,
      description: "Paid by card.",
      venueName: "Le Caveau",
      venueAddress: "12 Rue de la Paix, Paris",
      timeZone: "Europe/Paris",
      startsLocal: inDays(20, 20),
      endsLocal: inDays(20, 23),
      category: "music",
      ...options.event,
    },
    userId,
  );
  const type = await call<{ id: string }>(
    "ticketTypes.create",
    {
      eventId,
      name: "Standard",
      priceMinor: 1200,
      currency: "EUR",
      capacity: 20,
      perOrderLimit: 4,
    },
    userId,
  );
  await call("test.cardPaidEvent", { eventId }, userId);
  await call("events.publish", { eventId }, userId);
  return { eventId, shortId, typeId: type.id, ownerId: userId };
}

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
