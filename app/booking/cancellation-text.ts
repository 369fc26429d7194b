import { formatPrice } from "#app/events/format.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { RefundStatus } from "#contract/refund-status.ts";
import type { CancellationQuote, RefundView } from "#contract/refund-view.ts";

const deadlineText = (deadline: string, timeZone: string) =>
  formatEventTime(deadline, timeZone, { weekday: false });

/** The event's policy in one line, as the booking page states it to its buyer. */
export function policyLine(quote: CancellationQuote, timeZone: string): string {
  if (!quote.deadline) return "The organiser does not allow cancelling bookings for this event.";
  const fee =
    quote.feePercent > 0
      ? `, keeping a ${quote.feePercent} % cancellation fee of what you paid`
      : ", with a full refund of what you paid";
  return `You can cancel until ${deadlineText(quote.deadline, timeZone)}${fee}.`;
}

/** What cancelling now gives back: "You get €36.00 back (10 % cancellation fee kept)." */
export function quoteLine(quote: CancellationQuote): string {
  if (!quote.allowed) return quote.message ?? "This booking can no longer be cancelled.";
  if (quote.refundMinor === 0 && quote.keptMinor === 0)
    return "Nothing was paid by card: nothing to refund.";
  const kept = quote.keptMinor > 0 ? ` (${quote.feePercent} % cancellation fee kept)` : "";
  return `You get ${formatPrice(quote.refundMinor, quote.currency)} back${kept}.`;
}

const refundStates: Record<RefundStatus, string> = {
  requested: "on its way back to your card",
  pending: "on its way back to your card (it shows within a few days)",
  succeeded: "refunded to your card",
  failed: "not refunded yet: the card's bank refused it, the organiser will try again",
};

/** What a cancellation did: "1 ticket cancelled. €21.30 refunded to your card." */
export function resultLine(cancelledCount: number, refund: RefundView | null): string {
  const tickets = `${cancelledCount} ticket${cancelledCount === 1 ? "" : "s"} cancelled.`;
  if (!refund) return tickets;
  return `${tickets} ${formatPrice(refund.amountMinor, refund.currency)} ${refundStates[refund.status]}.`;
}
