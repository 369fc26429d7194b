import type { Page } from "playwright-core";
import { callFunction } from "#tests/e2e/session.ts";
import type { StripePeer } from "#tests/support/stripe-peer.ts";

// The card payment screens' data for scripts/screenshots.ts (issue 24).

type OwnedEvent = { id: string; shortId: string; path: string; status: string };

/**
 * Another demo event sold by card (tax added on top, so every line of the split shows):
 * the demo user's hold with a checkout started (not paid: the return states), and the
 * owner's booking paid at the peer.
 */
export async function prepareCardScreens(
  baseURL: string,
  peer: Pick<StripePeer, "pay">,
  events: (OwnedEvent & { ticketTypeCount: number })[],
  ids: { ownerId: string; userId: string; otherEventId: string },
) {
  const call = <T>(name: string, data: unknown, userId: string) =>
    callFunction<T>(baseURL, name, data, userId);
  let chosen: { event: OwnedEvent; typeId: string } | null = null;
  for (const candidate of events) {
    if (candidate.status !== "published" || candidate.id === ids.otherEventId) continue;
    const full = await call<{ ticketTypes: { id: string; priceMinor: number }[] }>(
      "events.getForOwner",
      { eventId: candidate.id },
      ids.ownerId,
    );
    const priced = full.ticketTypes.find((type) => type.priceMinor > 0);
    if (priced) {
      chosen = { event: candidate, typeId: priced.id };
      break;
    }
  }
  if (!chosen) throw new Error("no second published demo event with a priced ticket type");
  const { event, typeId } = chosen;
  await call(
    "test.cardPaidEvent",
    { eventId: event.id, taxRateBp: 2000, taxInclusive: false },
    ids.ownerId,
  );
  const startFor = async (userId: string, names: string[]) => {
    const hold = await call<{ id: string }>(
      "holds.create",
      {
        eventId: event.shortId,
        items: [{ ticketTypeId: typeId, quantity: names.length }],
        idempotencyKey: crypto.randomUUID(),
      },
      userId,
    );
    return call<{ checkoutId: string; url: string }>(
      "payments.startCheckout",
      { holdId: hold.id, attendees: names.map((name) => ({ name })) },
      userId,
    );
  };
  const open = await startFor(ids.userId, ["Demo User", "A Friend"]);
  const paid = await startFor(ids.ownerId, ["Demo Owner"]);
  await peer.pay(new URL(paid.url).pathname.split("/").pop() ?? "");
  const settled = await call<{ bookingReference: string | null }>(
    "payments.checkoutStatus",
    { checkoutId: paid.checkoutId },
    ids.ownerId,
  );
  return { event, checkoutId: open.checkoutId, reference: settled.bookingReference ?? "none" };
}

/**
 * A booking paid by card, as its buyer sees it, and the buyer's cancellation over it
 * (issue 25): the dialog with its tickets and the quote.
 */
export const cardPaidShots = (path: string) => [
  { name: "booking_card_paid", path, as: "owner" as const },
  {
    name: "booking_cancel_dialog",
    path,
    as: "owner" as const,
    viewportOnly: true as const,
    act: async (page: Page) => {
      await page.getByRole("button", { name: "Cancel booking" }).click();
      await page
        .getByRole("dialog")
        .getByText(/^You get /)
        .waitFor();
    },
  },
];
