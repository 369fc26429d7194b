/**
 * What the booking page shows for `?checkout={id}` (the buyer back from the payment page):
 * confirming (paid or not yet known: asked again and again), cancelled or declined at the
 * provider (the hold again, with a notice or the card's error), expired, or a problem
 * (refunded, flagged) with its message. Booked is a redirect, not a state.
 */
export type CheckoutReturn =
  | { kind: "confirming" }
  | { kind: "cancelled"; message: string | null }
  | { kind: "expired" }
  | { kind: "problem"; message: string };
