export { majorUnits, moneyText } from "#contract/money-text.ts";

/** `2026-11-26` as `26 Nov` (a day of the revenue, already in the event's zone). */
export function dayText(day: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}
