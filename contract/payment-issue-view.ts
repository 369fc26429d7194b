/**
 * One paid checkout of an event that needs its organiser (a late payment refunded, an
 * amount that did not match, a dispute), as `payments.eventPaymentIssues` answers it and
 * the console's event page lists it.
 */
export type PaymentIssueView = {
  checkoutId: string;
  buyerName: string;
  /** What was charged (or, before the charge is known, what was asked), minor units. */
  amountMinor: number;
  /** Lower-case ISO 4217, as charged ("eur"). */
  currency: string;
  /** What happened, in the organiser's words. */
  whatHappened: string;
  /** Where the money is: going back, or back (null: no refund). */
  refund: "refunding" | "refunded" | null;
  disputedAt: string | null;
  /** When it happened (the dispute, else when the checkout was settled, else started). */
  at: string;
};
