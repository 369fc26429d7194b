import type { RefundStatus } from "./refund-status.ts";

// Built by server/modules/payments/ (refund-progress.ts); shown on a cancelled event's
// editor page (EventRefundsSection): how its refunds are going out.

export type RefundTally = { count: number; amountMinor: number };

/** A refund of the event that failed: the organiser may retry it from the order. */
export type FailedRefundView = {
  id: string;
  bookingId: string;
  bookingReference: string;
  amountMinor: number;
  currency: string;
  attempt: number;
  failure: string | null;
};

/**
 * Every refund of an event (all sources) by status, with the failed ones listed. `sent`
 * reads as pending + succeeded; the work is done when nothing is `requested` or `pending`.
 */
export type EventRefundsView = {
  eventId: string;
  /** Upper-case ISO 4217 ("EUR") of the refunds (an event sells in one), null when none. */
  currency: string | null;
  total: RefundTally;
  byStatus: Record<RefundStatus, RefundTally>;
  /** The failed refunds, oldest first (at most 100). */
  failed: FailedRefundView[];
};

/** Whether refunds are still on their way (the page refreshes while they are). */
export function refundsInProgress(view: EventRefundsView): boolean {
  return view.byStatus.requested.count + view.byStatus.pending.count > 0;
}
