/** How money and event times read on every screen (the server stores minor units and UTC). */

/** `1250, "EUR"` → "€12.50"; 0 → "Free". */
export function formatPrice(minor: number, currency: string, locale = "en-GB"): string {
  if (minor === 0) return "Free";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 100);
}

/** "Sat 5 Dec 2026, 19:30" in the event's zone, with the zone's short name when asked. */
export function formatEventTime(
  iso: string | Date,
  timeZone: string,
  options: { withZone?: boolean; locale?: string } = {},
): string {
  return new Intl.DateTimeFormat(options.locale ?? "en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(options.withZone ? { timeZoneName: "short" } : {}),
  }).format(new Date(iso));
}

/** "19:30" (or "Sat 6 Dec, 02:00" when the end falls on another day) in the event's zone. */
export function formatEventEnd(
  startIso: string | Date,
  endIso: string | Date,
  timeZone: string,
): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" });
  const sameDay = day.format(new Date(startIso)) === day.format(new Date(endIso));
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    ...(sameDay ? {} : { weekday: "short", day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(endIso));
}
