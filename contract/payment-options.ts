/**
 * How money is taken, defined once (server validation, console forms, buyer pages).
 * Pure data, safe to import from pages.
 */

/** Per ticket type: paid at the door (as before cards) or by card in a hosted checkout. */
export const ticketPaymentMethods = ["venue", "card"] as const;
export type TicketPaymentMethod = (typeof ticketPaymentMethods)[number];

/** A business's connected account at the card processor (Stripe Connect). */
export const paymentAccountStates = ["pending", "active", "restricted"] as const;
export type PaymentAccountState = (typeof paymentAccountStates)[number];

/**
 * A card checkout of one hold: `open` (sent to the hosted page), `booked` (paid, the
 * booking made), `expired` (never paid), `refunding`/`refunded` (paid after its tickets
 * were sold to someone else: the money goes back), `flagged` (paid an amount or currency
 * that does not match the hold: never confirmed, the organiser decides).
 */
export const checkoutStatuses = [
  "open",
  "booked",
  "expired",
  "refunding",
  "refunded",
  "flagged",
] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

/** The Pro plan's subscription, as the processor reports it. */
export const subscriptionStatuses = ["incomplete", "active", "past-due", "cancelled"] as const;
export type SubscriptionStatusName = (typeof subscriptionStatuses)[number];

/** Tax of an event in basis points (2000 = 20 %), inclusive in the prices or added. */
export const MAX_TAX_RATE_BP = 5000;
