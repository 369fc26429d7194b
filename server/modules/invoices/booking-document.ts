import type { DocumentLine, InvoiceDocument } from "#contract/invoice-view.ts";
import { ticketPriceParts } from "#contract/pricing.ts";
import type { BookingFacts } from "./booking-facts.ts";

/**
 * Tax contained in the ticket prices: the card checkout's own figure when it made the
 * booking, else worked out per ticket from the event's rate as the checkout does.
 */
function includedTaxOf(facts: BookingFacts): number {
  if (facts.includedTaxMinor !== null) return facts.includedTaxMinor;
  if (!facts.taxInclusive) return 0;
  const tax = { rateBp: facts.taxRateBp, inclusive: true };
  const fee = { percent: 0, fixedMinor: 0 };
  return facts.items.reduce(
    (sum, item) =>
      sum +
      item.quantity *
        ticketPriceParts(item.unitPriceMinor, { card: true, fee, tax }).includedTaxMinor,
    0,
  );
}

/**
 * What a paid booking's receipt or invoice prints: the seller (the business as it is
 * now), the buyer, one line per ticket type, the booking fee, the tax and the totals as
 * they were charged. An invoice freezes it; a receipt makes it each time it is shown.
 */
export function bookingDocument(facts: BookingFacts): InvoiceDocument {
  // Tickets at their price before the code, then what the code took off, as the checkout showed it.
  const ticketLines: DocumentLine[] = facts.items.map((item) => ({
    description: item.name,
    quantity: item.quantity,
    unitMinor: item.unitPriceMinor + item.discountMinor,
    amountMinor: item.quantity * (item.unitPriceMinor + item.discountMinor),
  }));
  const discountMinor = facts.items.reduce(
    (sum, item) => sum + item.quantity * item.discountMinor,
    0,
  );
  if (discountMinor > 0) {
    ticketLines.push({
      description: `Code ${facts.code ?? ""}`.trim(),
      quantity: 1,
      unitMinor: -discountMinor,
      amountMinor: -discountMinor,
    });
  }
  const feeLines: DocumentLine[] =
    facts.feesMinor > 0
      ? [
          {
            description: "Booking fee",
            quantity: 1,
            unitMinor: facts.feesMinor,
            amountMinor: facts.feesMinor,
          },
        ]
      : [];
  return {
    seller: {
      name: facts.businessName,
      address: facts.businessAddress,
      taxId: facts.taxId,
      email: facts.businessEmail,
    },
    buyer: { name: facts.buyerName, email: facts.buyerEmail, phone: facts.buyerPhone },
    booking: { reference: facts.reference, createdAt: facts.createdAt.toISOString() },
    event: {
      title: facts.eventTitle,
      startsAt: facts.eventStartsAt.toISOString(),
      timeZone: facts.eventTimeZone,
      venueName: facts.venueName,
    },
    lines: [...ticketLines, ...feeLines],
    currency: facts.currency,
    subtotalMinor: ticketLines.reduce((sum, line) => sum + line.amountMinor, 0),
    feesMinor: facts.feesMinor,
    taxMinor: facts.taxMinor,
    includedTaxMinor: includedTaxOf(facts),
    taxRateBp: facts.taxRateBp,
    totalMinor: facts.totalMinor,
    payment: {
      provider: facts.paymentProvider,
      cardLast4: facts.cardLast4,
      paidAt: (facts.paidAt ?? facts.createdAt).toISOString(),
    },
    credit: null,
  };
}
