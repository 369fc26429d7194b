import type { EventSummary } from "#contract/event-summary.ts";
import type { UpcomingTicket } from "#contract/upcoming-ticket.ts";

export type EventTickets = { event: EventSummary; tickets: UpcomingTicket[] };

/** Tickets (soonest event first) grouped by event, keeping that order. */
export function groupTicketsByEvent(tickets: UpcomingTicket[]): EventTickets[] {
  const groups = new Map<string, EventTickets>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.event.id);
    if (group) group.tickets.push(ticket);
    else groups.set(ticket.event.id, { event: ticket.event, tickets: [ticket] });
  }
  return [...groups.values()];
}
