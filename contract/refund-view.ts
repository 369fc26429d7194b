import type { RefundSource, RefundStatus } from "./refund-status.ts";

// Built by server/modules/orders/ (order-refunds); shown on the organiser's order page,
// the buyer's booking page and the event's refund progress.

/** One refund of a booking as the organiser and the buyer see it. */
export type RefundView = {
  id: string;
  bookingId: string;
  source: RefundSource;
  reason: string | null;
  status: RefundStatus;
  amountMinor: number;
  /** Kept back under the cancellation policy (buyer cancellations). */
  keptMinor: number;
  currency: string;
  /** How many tickets it cancelled. */
  ticketCount: number;
  attempt: number;
  /** Why the last attempt failed (status `failed`): the organiser may retry. */
  failure: string | null;
  createdAt: string;
  settledAt: string | null;
};

/**
 * What an organiser's refund or cancellation did: the tickets cancelled (their QR dead,
 * their places back on sale) and the refund (null: nothing was paid by card).
 */
export type OrderRefundResult = { cancelledTicketIds: string[]; refund: RefundView | null };

/** What cancelling now would do, before the buyer confirms (bookings.cancellationQuote). */
export type CancellationQuote = {
  allowed: boolean;
  /** Why not (the same reasons bookings.cancel refuses with), null when allowed. */
  reason: string | null;
  message: string | null;
  /** The last moment to cancel under the policy (ISO), null when never. */
  deadline: string | null;
  feePercent: number;
  refundMinor: number;
  keptMinor: number;
  currency: string;
};
