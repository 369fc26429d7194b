import type { EventPage, PublicTicketType } from "#contract/event-page.ts";

/**
 * Why the event cannot be booked, if so: on its page, and in its widget (decision 040),
 * which shows the waiting list's way in on the event's page rather than below.
 * `tickets` are the ones shown (a code adds hidden ones).
 */
export function bookingBlocker(
  event: EventPage,
  tickets: PublicTicketType[] = event.ticketTypes,
  waitingListAt: "below" | "on the event's page" = "below",
): string | null {
  if (event.preview) return "This is a draft: it can be booked once it is published.";
  if (event.ended) return "This event has ended.";
  if (tickets.length === 0) return "No tickets have been released yet.";
  if (tickets.every((t) => t.notOnSaleReason === "sold-out")) {
    return tickets.some((t) => t.waitingList)
      ? `Sold out. Join the waiting list ${waitingListAt} to be offered tickets that come back.`
      : "Sold out.";
  }
  if (!event.onSale && !tickets.some((t) => t.onSale)) return "No tickets are on sale right now.";
  return null;
}
