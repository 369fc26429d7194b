/** A booking (order): confirmed until cancelled (by its owner, the organiser or account deletion) or refunded. */
export const bookingStatuses = ["confirmed", "cancelled", "refunded"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Whether money is owed: free bookings need none; "pay at the venue" leaves them unpaid
 * until the door; a card checkout marks them paid; a refund of some of its tickets partly
 * refunded, of all of them refunded; a chargeback opened by the buyer's bank disputed.
 */
export const paymentStatuses = [
  "not-required",
  "unpaid",
  "paid",
  "partly-refunded",
  "refunded",
  "disputed",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Who cancelled a booking. */
export const cancellationSources = ["attendee", "organizer", "account-deletion"] as const;
export type CancellationSource = (typeof cancellationSources)[number];
