/** One admission: valid until checked in, or cancelled with its booking. */
export const ticketStatuses = ["valid", "checked-in", "cancelled"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
