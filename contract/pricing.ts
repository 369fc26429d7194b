/**
 * What one ticket costs the buyer, in one place: the server charges it, the pages show it
 * (decision 028). Integer minor units; a ticket's parts always add up to its all-in price.
 *
 * - Fee: the platform's booking fee on a card-paid ticket with a price, `percent` of the
 *   price (rounded half up) plus `fixedMinor`. Pay-at-the-venue and free tickets carry none.
 * - Tax: the event's rate in basis points. Inclusive: the price contains it (shown, not
 *   added). Exclusive: added on top of the price, rounded half up.
 */
export type PlatformFee = { percent: number; fixedMinor: number };

export type EventTax = { rateBp: number; inclusive: boolean };

export type TicketPriceParts = {
  /** The organiser's price of the ticket. */
  priceMinor: number;
  feeMinor: number;
  /** Tax added on top (exclusive rates), 0 otherwise. */
  addedTaxMinor: number;
  /** Tax contained in the price (inclusive rates), 0 otherwise. */
  includedTaxMinor: number;
  /** What the buyer pays for the ticket: price + fee + added tax. */
  allInMinor: number;
};

export function ticketPriceParts(
  priceMinor: number,
  payment: { card: boolean; fee: PlatformFee; tax: EventTax },
): TicketPriceParts {
  const feeMinor =
    payment.card && priceMinor > 0
      ? Math.round((priceMinor * payment.fee.percent) / 100) + payment.fee.fixedMinor
      : 0;
  const { rateBp, inclusive } = payment.tax;
  const addedTaxMinor = inclusive ? 0 : Math.round((priceMinor * rateBp) / 10_000);
  const includedTaxMinor = inclusive
    ? priceMinor - Math.round((priceMinor * 10_000) / (10_000 + rateBp))
    : 0;
  return {
    priceMinor,
    feeMinor,
    addedTaxMinor,
    includedTaxMinor,
    allInMinor: priceMinor + feeMinor + addedTaxMinor,
  };
}
