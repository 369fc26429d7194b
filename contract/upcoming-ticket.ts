import type { EventSummary } from "./event-summary.ts";
import type { TicketStatus } from "./ticket-status.ts";

/** A ticket of the user for an event that has not ended (server/modules/tickets/upcoming-tickets.ts). */
export type UpcomingTicket = {
  id: string;
  /** `valid`, or `checked-in` once used at the door (the event may still be on). */
  status: Exclude<TicketStatus, "cancelled">;
  attendeeName: string;
  ticketTypeName: string;
  bookingReference: string;
  event: EventSummary;
};
