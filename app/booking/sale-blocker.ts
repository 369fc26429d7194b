import type { EventPage } from "#contract/event-page.ts";

/** Why nothing of this event can be booked now, in words; null when something can. */
export function saleBlocker(event: EventPage): string | null {
  if (event.status === "cancelled") {
    return "This event was cancelled: its tickets can no longer be booked.";
  }
  if (event.ended) return "This event has ended.";
  if (event.preview) return "This is a draft: it can be booked once it is published.";
  if (event.ticketTypes.length === 0) return "No tickets have been released for this event yet.";
  if (event.ticketTypes.every((t) => t.notOnSaleReason === "sold-out")) {
    return "Sold out: every ticket for this event has been booked.";
  }
  if (!event.onSale) return "No tickets are on sale right now.";
  return null;
}
