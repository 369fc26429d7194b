import type { CodeDiscount, EventCodeView } from "#contract/event-codes.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { moneyText } from "#contract/money-text.ts";

/** What a code does, in a few words: "20 % off", "€5.00 off each ticket", "Access only". */
export function discountText(discount: CodeDiscount, currency: string): string {
  if (discount.kind === "percent") return `${discount.percent}\u00a0% off`;
  if (discount.kind === "fixed")
    return `${moneyText(discount.amountMinor, currency)} off each ticket`;
  return "Access only";
}

/** "3 of 100 used", "3 used" without a limit; per person when it has one. */
export function usesText(code: Pick<EventCodeView, "uses" | "maxUses" | "maxPerPerson">): string {
  const uses = code.maxUses === null ? `${code.uses} used` : `${code.uses} of ${code.maxUses} used`;
  return code.maxPerPerson === null ? uses : `${uses} · ${code.maxPerPerson} per person`;
}

/** "From 1 Dec 2026, 10:00 until 5 Dec 2026, 18:00" in the event's zone; "Always" when open. */
export function validityText(
  code: Pick<EventCodeView, "validFrom" | "validUntil">,
  timeZone: string,
): string {
  const from = code.validFrom ? `From ${formatEventTime(code.validFrom, timeZone)}` : "";
  const until = code.validUntil ? `until ${formatEventTime(code.validUntil, timeZone)}` : "";
  if (from && until) return `${from} ${until}`;
  if (from) return from;
  if (until) return `Until ${formatEventTime(code.validUntil ?? "", timeZone)}`;
  return "Valid until the sale ends";
}

/** The types a code applies to, by name; hidden ones marked, as the organiser knows them. */
export function typesText(
  ticketTypeIds: readonly string[],
  ticketTypes: readonly { id: string; name: string; hidden: boolean }[],
): string {
  if (ticketTypeIds.length === 0) return "Every public ticket type";
  return ticketTypes
    .filter((type) => ticketTypeIds.includes(type.id))
    .map((type) => (type.hidden ? `${type.name} (hidden)` : type.name))
    .join(", ");
}
