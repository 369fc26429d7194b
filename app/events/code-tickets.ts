import type { CodeCheckAnswer, CodeTypePrice } from "#contract/event-codes.ts";
import type { PublicTicketType } from "#contract/event-page.ts";
import { holdPath } from "#contract/paths.ts";

/** The booking page, with the code applied on the event page carried to it (its hold is made with it). */
export function bookingPathWithCode(shortId: string, code: string | null): string {
  return `${holdPath(shortId)}${code ? `?code=${encodeURIComponent(code)}` : ""}`;
}

/** A code applied to a page's ticket list: its name and its prices by ticket type id. */
export type AppliedCode = { code: string; prices: ReadonlyMap<string, CodeTypePrice> };

/**
 * The ticket types a buyer sees with a code (the event page and the booking page alike):
 * the public ones, then the hidden ones it unlocks; and the code's prices by type.
 */
export function ticketsWithCode(
  ticketTypes: PublicTicketType[],
  answer: CodeCheckAnswer | null,
): { tickets: PublicTicketType[]; code: AppliedCode | undefined } {
  if (!answer) return { tickets: ticketTypes, code: undefined };
  const shown = new Set(ticketTypes.map((t) => t.id));
  return {
    tickets: [...ticketTypes, ...answer.hiddenTypes.filter((t) => !shown.has(t.id))],
    code: {
      code: answer.code,
      prices: new Map(answer.prices.map((price) => [price.ticketTypeId, price])),
    },
  };
}
