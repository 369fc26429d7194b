import type { CheckoutStatus } from "./payment-options.ts";

// Built by server/modules/payments (payments.quote, payments.checkoutStatus); shown by the booking page.

/**
 * One line of what a hold costs: a ticket type (at its price before any code), what the
 * hold's code takes off (negative amounts), the booking fee, the tax added on top. The
 * lines' totals add up to the quote's total.
 */
export type QuoteLine = {
  kind: "ticket" | "discount" | "fee" | "tax";
  label: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
};

/**
 * What a live hold costs and how it is paid: `free`, `venue` (confirmed now, paid at the
 * door) or `card` (a hosted checkout first; a hold with any card-paid ticket is paid by
 * card as a whole).
 */
export type CheckoutQuote = {
  holdId: string;
  method: "free" | "venue" | "card";
  /** Why this card hold cannot be paid now (cards off, the business not ready), else null. */
  cardBlocked: string | null;
  currency: string | null;
  lines: QuoteLine[];
  /** The tickets after the code's discount. */
  ticketsMinor: number;
  /** What the hold's code took off (shown as its own line), 0 without one. */
  discountMinor: number;
  feesMinor: number;
  /** Added on top (exclusive rates). */
  taxMinor: number;
  /** Contained in the ticket prices (inclusive rates), shown for information. */
  includedTaxMinor: number;
  totalMinor: number;
  /** The hold's checkout when one was started (the buyer came back from the payment page). */
  checkout: CheckoutStatusView | null;
};

/** A checkout as its buyer sees it after the payment page. */
export type CheckoutStatusView = {
  checkoutId: string;
  status: CheckoutStatus;
  holdId: string;
  /** The event's short id (`/booking/{eventShortId}` is the hold's page). */
  eventShortId: string;
  /** Set once booked: `/booking/{reference}`. */
  bookingReference: string | null;
  /** For the buyer: why the last card was refused, or why the payment went back. */
  message: string | null;
  expiresAt: string;
};
