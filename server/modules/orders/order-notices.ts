import { moneyText } from "#contract/money-text.ts";
import { bookingPath, eventTicketsPath } from "#contract/paths.ts";
import { type Notice, notifyUsers } from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { OrderDeps } from "./order-deps.ts";
import type { LockedOrder, OrderTicket } from "./order-tickets.ts";

const ticketsText = (count: number) => `${count} ticket${count === 1 ? "" : "s"}`;

/**
 * Tells the buyer (by their channels) what went: "2 tickets cancelled, 40.00 EUR refunded
 * to your card", and each other holder of a cancelled ticket that theirs is no longer
 * valid. Keys name the cancellation by its first ticket (each ticket is cancelled once).
 */
export async function tellTicketsCancelled(
  tx: Executor,
  deps: OrderDeps,
  cancel: {
    order: LockedOrder;
    tickets: OrderTicket[];
    cancelledIds: string[];
    refundMinor: number;
    byBuyer: boolean;
    reason: string | null;
  },
): Promise<void> {
  const { order, cancelledIds, refundMinor } = cancel;
  const first = cancelledIds[0];
  if (!first) return;
  const count = ticketsText(cancelledIds.length);
  const refunded =
    refundMinor > 0 ? `, ${moneyText(refundMinor, order.currency)} refunded to your card` : "";
  const who = cancel.byBuyer ? "You cancelled" : "The organiser cancelled";
  const why = cancel.reason && !cancel.byBuyer ? ` The organiser wrote: "${cancel.reason}"` : "";
  const notices: Notice[] = [
    {
      userId: order.userId,
      kind: refundMinor > 0 ? "payment-refunded" : "booking-cancelled",
      title: `${count} cancelled${refunded}`,
      body: `${who} ${count} of booking ${order.reference} for ${order.event.title}${refunded}${refunded ? " (it shows within a few days)" : ""}. Those tickets are no longer valid.${why}`,
      link: bookingPath(order.reference),
      key: `tickets-cancelled:${order.id}:${first}`,
    },
  ];
  const holders = new Set(
    cancel.tickets
      .filter(
        (t) => cancelledIds.includes(t.id) && t.holderUserId && t.holderUserId !== order.userId,
      )
      .map((t) => t.holderUserId as string),
  );
  for (const holder of holders) {
    notices.push({
      userId: holder,
      kind: "booking-cancelled",
      title: `Your ticket for ${order.event.title} is cancelled`,
      body: `A ticket given to you for ${order.event.title} was cancelled and is no longer valid.${why}`,
      link: eventTicketsPath(order.event.id),
      key: `tickets-cancelled:${order.id}:${first}:${holder}`,
    });
  }
  await notifyUsers(tx, notices, { messages: deps.messages, publicUrl: deps.settings.PUBLIC_URL });
}
