// Built by server/modules/orders/ (revenue.ts, `orders.revenue`); shown by the revenue
// pages (app/revenue/) and written to their CSV. Each figure's definition: the orders
// module's README, section "Revenue". Money in exact integer minor units.

/** The figures of one currency over some scope (all, a day, a ticket type, an event). */
export type RevenueFigures = {
  /** Card payments taken: the totals of card-paid bookings (tickets, booking fee, added tax). */
  grossMinor: number;
  /** The platform's booking fees within the gross, less the fee part of refunds. */
  feesMinor: number;
  /** Refunds recorded and not failed (requested, pending or succeeded). */
  refundsMinor: number;
  /** gross − fees − refunds: what the organiser keeps. */
  netMinor: number;
  /** Tickets booked (every payment kind, later cancellations included). */
  ticketsSold: number;
  /** Tickets cancelled by a refund that did not fail. */
  ticketsRefunded: number;
  /** Still to be paid at the venue: the shares of pay-at-venue tickets not cancelled. */
  venueDueMinor: number;
};

/** Upper-case ISO 4217 ("EUR"): figures of different currencies are never added. */
export type RevenueTotal = RevenueFigures & { currency: string };

/** One day in the event's time zone (`YYYY-MM-DD`): sales on their day, refunds on theirs. */
export type RevenueDay = RevenueFigures & { currency: string; day: string };

export type RevenueTicketType = RevenueFigures & {
  currency: string;
  ticketTypeId: string;
  name: string;
  eventId: string;
  eventTitle: string;
};

export type RevenueEvent = RevenueFigures & {
  currency: string;
  eventId: string;
  title: string;
  startsAt: string;
};

/**
 * An event's revenue (`scope.event`), or its business's (`scope.event` null: `byEvent`
 * filled). Every list is empty before the first booking.
 */
export type RevenueView = {
  scope: {
    business: { id: string; name: string };
    event: { id: string; title: string; startsAt: string; timeZone: string } | null;
  };
  totals: RevenueTotal[];
  /** Oldest first; only days with a sale or a refund. */
  byDay: RevenueDay[];
  byType: RevenueTicketType[];
  byEvent: RevenueEvent[];
};

export const noRevenue: RevenueFigures = {
  grossMinor: 0,
  feesMinor: 0,
  refundsMinor: 0,
  netMinor: 0,
  ticketsSold: 0,
  ticketsRefunded: 0,
  venueDueMinor: 0,
};
