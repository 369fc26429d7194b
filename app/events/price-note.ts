import type { PublicTicketType } from "#contract/event-page.ts";
import type { EventTax } from "#contract/pricing.ts";
import { formatPrice } from "./format.ts";

/** 2000 basis points → "20 %", 750 → "7.5 %" (no-break space: the two stay on one line). */
export function taxRateText(rateBp: number): string {
  return `${rateBp / 100}\u00a0%`;
}

/**
 * What an all-in ticket price contains beyond the organiser's price, in a few words:
 * "incl. €0.80 booking fee and 20 % VAT", "incl. €2.50 tax"; null when it is just the
 * price (free, no fee, no tax). Added tax is named by its amount: the buyer did not see
 * it in the organiser's price.
 */
export function priceNote(
  ticket: Pick<PublicTicketType, "priceMinor" | "allInPriceMinor" | "feeMinor" | "currency">,
  tax: EventTax,
): string | null {
  if (ticket.allInPriceMinor === 0) return null;
  const parts: string[] = [];
  if (ticket.feeMinor > 0)
    parts.push(`${formatPrice(ticket.feeMinor, ticket.currency)} booking fee`);
  const addedTax = ticket.allInPriceMinor - ticket.priceMinor - ticket.feeMinor;
  if (tax.rateBp > 0) {
    parts.push(
      tax.inclusive
        ? `${taxRateText(tax.rateBp)} VAT`
        : `${formatPrice(addedTax, ticket.currency)} tax`,
    );
  }
  return parts.length > 0 ? `incl. ${parts.join(" and ")}` : null;
}
