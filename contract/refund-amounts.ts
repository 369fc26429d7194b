/**
 * How much of a booking's money belongs to each of its tickets, defined once (the
 * organiser's refund, the buyer's cancellation, the event's cancellation, the pages that
 * preview an amount). Pure, safe to import from pages.
 *
 * The booking's total (tickets + booking fee + added tax) and its booking fee are shared
 * out over its tickets in proportion to their unit prices (equal shares when all are 0),
 * by largest remainder: the shares are whole minor units and add up exactly to the total
 * and the fee, so refunding every ticket one at a time gives back exactly the total.
 */

export type TicketMoney = { id: string; unitPriceMinor: number };

export type TicketShare = { amountMinor: number; feesMinor: number };

/** Splits `total` over `weights` by largest remainder (ties: the earlier one first). */
export function shareOut(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const even = sum === 0;
  const basis = even ? weights.length : sum;
  const exact = weights.map((w) => (total * (even ? 1 : w)) / basis);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/** Each ticket's share of the booking's total and fee (all its tickets, in a stable order). */
export function ticketShares(
  booking: { totalMinor: number; feesMinor: number },
  tickets: TicketMoney[],
): Map<string, TicketShare> {
  const weights = tickets.map((ticket) => ticket.unitPriceMinor);
  const amounts = shareOut(booking.totalMinor, weights);
  const fees = shareOut(booking.feesMinor, weights);
  return new Map(
    tickets.map((ticket, i) => [
      ticket.id,
      { amountMinor: amounts[i] ?? 0, feesMinor: fees[i] ?? 0 },
    ]),
  );
}

export type RefundAmount = {
  /** Sent back to the card. */
  amountMinor: number;
  /** The booking fee's part of what is sent back. */
  feesMinor: number;
  /** Kept back as the policy's cancellation fee. */
  keptMinor: number;
};

/**
 * What refunding `chosen` (ticket ids of the booking) sends back: their shares, less the
 * policy's cancellation fee (`feePercent`, buyer cancellations only, rounded down in the
 * buyer's favour), never more than is left unrefunded (`totalMinor - refundedMinor`).
 */
export function refundAmountOf(
  booking: { totalMinor: number; feesMinor: number; refundedMinor: number },
  tickets: TicketMoney[],
  chosen: readonly string[],
  feePercent = 0,
): RefundAmount {
  const shares = ticketShares(booking, tickets);
  let gross = 0;
  let fees = 0;
  for (const id of new Set(chosen)) {
    const share = shares.get(id);
    if (!share) continue;
    gross += share.amountMinor;
    fees += share.feesMinor;
  }
  const kept = Math.floor((gross * feePercent) / 100);
  const amount = Math.max(0, Math.min(gross - kept, booking.totalMinor - booking.refundedMinor));
  return { amountMinor: amount, feesMinor: Math.min(fees, amount), keptMinor: gross - amount };
}
