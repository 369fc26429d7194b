import { sql } from "drizzle-orm";
import type { CheckoutQuote, QuoteLine } from "#contract/checkout-view.ts";
import type { HoldView } from "#contract/hold-view.ts";
import type { PaymentAccountState } from "#contract/payment-options.ts";
import { ticketPriceParts } from "#contract/pricing.ts";
import type { Settings } from "#server/config.ts";
import { platformFeeOf } from "#server/modules/events/platform-fee.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { cardPaymentsOff } from "./payment-settings.ts";

/** The event and business facts a hold's price and checkout depend on. */
export type HoldEventFacts = {
  eventId: string;
  eventShortId: string;
  eventStatus: string;
  businessId: string;
  taxRateBp: number;
  taxInclusive: boolean;
  accountId: string | null;
  accountState: PaymentAccountState | null;
  /** Ticket type ids of the hold whose `payment_method` is `card`. */
  cardTypeIds: string[];
};

/** A hold priced: how it is paid, its lines and totals (what the checkout charges). */
export type PricedHold = Omit<CheckoutQuote, "checkout" | "cardBlocked" | "holdId"> & {
  facts: HoldEventFacts;
  /** Every currency of the hold's lines (one checkout never mixes them). */
  currencies: string[];
};

export async function holdEventFacts(db: Executor, hold: HoldView): Promise<HoldEventFacts> {
  const [row] = await rowsOf<{
    short_id: string;
    status: string;
    business_id: string;
    tax_rate_bp: number;
    tax_inclusive: boolean;
    account_id: string | null;
    account_state: PaymentAccountState | null;
    card_type_ids: string[] | string | null;
  }>(
    db,
    sql`select e.short_id, e.status, e.business_id, e.tax_rate_bp, e.tax_inclusive,
          pa.account_id, pa.state as account_state,
          (select coalesce(json_agg(t.id), '[]'::json) from hold_items hi
            join ticket_types t on t.id = hi.ticket_type_id
            where hi.hold_id = ${hold.id}::uuid and t.payment_method = 'card') as card_type_ids
        from events e left join payment_accounts pa on pa.business_id = e.business_id
        where e.id = ${hold.eventId}::uuid`,
  );
  if (!row) throw new Error("the hold's event vanished");
  const cardTypeIds =
    typeof row.card_type_ids === "string" ? JSON.parse(row.card_type_ids) : row.card_type_ids;
  return {
    eventId: hold.eventId,
    eventShortId: row.short_id,
    eventStatus: row.status,
    businessId: row.business_id,
    taxRateBp: Number(row.tax_rate_bp),
    taxInclusive: row.tax_inclusive,
    accountId: row.account_id,
    accountState: row.account_state,
    cardTypeIds: cardTypeIds ?? [],
  };
}

/**
 * Prices a hold with `ticketPriceParts` (contract/pricing.ts), the one source of what a
 * ticket costs: the booking fee on card-paid priced types (each type's own method, so
 * what a page showed as all-in is what is charged), the event's tax, and one line per
 * ticket type, a "Booking fee" line and a "Tax" line when tax is added on top. A hold
 * with any card-paid ticket is paid by card as a whole; nothing to pay is `free`.
 */
export function priceHold(
  hold: HoldView,
  facts: HoldEventFacts,
  settings: Pick<Settings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_MINOR">,
): PricedHold {
  const fee = platformFeeOf(settings);
  const tax = { rateBp: facts.taxRateBp, inclusive: facts.taxInclusive };
  const card = new Set(facts.cardTypeIds);
  const lines: QuoteLine[] = [];
  const sums = { tickets: 0, fees: 0, tax: 0, includedTax: 0 };
  for (const item of hold.items) {
    const parts = ticketPriceParts(item.unitPriceMinor, {
      card: card.has(item.ticketTypeId),
      fee,
      tax,
    });
    const listMinor = item.unitPriceMinor + item.discountMinor;
    lines.push({
      kind: "ticket",
      label: item.name,
      quantity: item.quantity,
      unitMinor: listMinor,
      totalMinor: listMinor * item.quantity,
    });
    sums.tickets += item.unitPriceMinor * item.quantity;
    sums.fees += parts.feeMinor * item.quantity;
    sums.tax += parts.addedTaxMinor * item.quantity;
    sums.includedTax += parts.includedTaxMinor * item.quantity;
  }
  if (hold.discountMinor > 0) {
    lines.push(oneLine("discount", `Code ${hold.code ?? ""}`.trim(), -hold.discountMinor));
  }
  if (sums.fees > 0) lines.push(oneLine("fee", "Booking fee", sums.fees));
  if (sums.tax > 0) lines.push(oneLine("tax", "Tax", sums.tax));
  const totalMinor = sums.tickets + sums.fees + sums.tax;
  const method = totalMinor === 0 ? "free" : card.size > 0 ? "card" : "venue";
  return {
    method,
    currency: hold.currency,
    currencies: [...new Set(hold.items.map((item) => item.currency))],
    lines,
    ticketsMinor: sums.tickets,
    discountMinor: hold.discountMinor,
    feesMinor: sums.fees,
    taxMinor: sums.tax,
    includedTaxMinor: sums.includedTax,
    totalMinor,
    facts,
  };
}

function oneLine(kind: "discount" | "fee" | "tax", label: string, amount: number): QuoteLine {
  return { kind, label, quantity: 1, unitMinor: amount, totalMinor: amount };
}

/** Why this card hold cannot be paid now, in the buyer's words; null when it can. */
export function cardBlockedReason(
  priced: PricedHold,
  settings: Parameters<typeof cardPaymentsOff>[0],
  providerReady: boolean,
): { reason: "cards-off" | "account-not-ready" | "mixed-currencies"; message: string } | null {
  if (cardPaymentsOff(settings) || !providerReady) {
    return { reason: "cards-off", message: "Card payments are not available right now." };
  }
  if (priced.facts.accountState !== "active" || !priced.facts.accountId) {
    return {
      reason: "account-not-ready",
      message: "The organiser cannot take card payments yet. Please try again later.",
    };
  }
  if (priced.currencies.length > 1) {
    return {
      reason: "mixed-currencies",
      message: `These tickets are priced in different currencies (${priced.currencies.join(", ")}): hold tickets of one currency at a time.`,
    };
  }
  return null;
}
