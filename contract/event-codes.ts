import type { PublicTicketType } from "./event-page.ts";

// Promo and access codes (issue 29, decision 036). Built by server/modules/codes; entered
// on the event page (or by the link `/{id}?code=…`), kept on the hold, the checkout and
// the receipt; the organiser's codes page is `/business/events/{id}/codes`.

/** What a code takes off: a share of each ticket's price, a fixed amount per ticket, or nothing (an access code). */
export type CodeDiscount =
  | { kind: "percent"; percent: number }
  | { kind: "fixed"; amountMinor: number }
  | { kind: "none" };

export const MAX_CODE_LENGTH = 40;
/** Letters, digits, `-` and `_`, 3 to 40 of them; compared without regard to case. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** A code as it is stored and compared: trimmed, upper case. */
export function normalizeCode(entered: string): string {
  return entered.trim().toUpperCase();
}

/**
 * What a code takes off one ticket of `priceMinor`, in one place (the hold charges it,
 * the pages show it): a percentage rounded half up, or a fixed amount, never more than
 * the price. Integer minor units.
 */
export function ticketDiscountMinor(priceMinor: number, discount: CodeDiscount): number {
  if (discount.kind === "percent") return Math.round((priceMinor * discount.percent) / 100);
  if (discount.kind === "fixed") return Math.min(priceMinor, discount.amountMinor);
  return 0;
}

/** Whether a code applies to a ticket type: it names it, or it names none (every public type). */
export function codeAppliesTo(
  code: { ticketTypeIds: readonly string[] },
  ticketType: { id: string; hidden: boolean },
): boolean {
  return code.ticketTypeIds.length === 0
    ? !ticketType.hidden
    : code.ticketTypeIds.includes(ticketType.id);
}

/** What the organiser sets for a code (`codes.save`). Instants are ISO 8601. */
export type EventCodeInput = {
  code: string;
  discount: CodeDiscount;
  /** Orders that may use it in all (null: no limit). */
  maxUses: number | null;
  /** Orders one person may use it for (null: no limit). */
  maxPerPerson: number | null;
  validFrom: string | null;
  validUntil: string | null;
  /**
   * The ticket types it applies to; empty: every type that is not hidden. A hidden type
   * is unlocked only by a code that names it.
   */
  ticketTypeIds: string[];
};

/** A code as the organiser sees it. */
export type EventCodeView = EventCodeInput & {
  id: string;
  /** Orders using it now: live holds and bookings not cancelled. */
  uses: number;
  /** The event page with the code applied: `/{slug}-{shortId}?code=…`. */
  link: string;
  createdAt: string;
};

/** `codes.forEvent {eventId}` (the event's owner only; NOT_FOUND for anyone else). */
export type EventCodesView = {
  eventId: string;
  shortId: string;
  title: string;
  timeZone: string;
  currency: string;
  ticketTypes: { id: string; name: string; hidden: boolean; priceMinor: number }[];
  codes: EventCodeView[];
};

/** What a code does to one ticket type, priced as the event page shows it. */
export type CodeTypePrice = {
  ticketTypeId: string;
  /** Taken off each ticket's price. */
  discountMinor: number;
  /** The price after the discount. */
  priceMinor: number;
  /** What the buyer pays for one after the discount (fee and added tax included). */
  allInPriceMinor: number;
};

/**
 * `codes.check {eventId, code}` (anyone; rate limited): a code valid for this event now.
 * Refusals: NOT_FOUND "This code is not valid for this event." (also another event's
 * code), FAILED_PRECONDITION with reason `not-yet` / `expired` / `used-up`.
 */
export type CodeCheckAnswer = {
  /** As stored (upper case). */
  code: string;
  discount: CodeDiscount;
  /** A line for the buyer: "20 % off Standard", "Unlocks Press". */
  summary: string;
  /** Every type it applies to, the hidden ones it unlocks included. */
  prices: CodeTypePrice[];
  /** The hidden types it unlocks, to be shown with the public ones. */
  hiddenTypes: PublicTicketType[];
};
