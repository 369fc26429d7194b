/** How money and event times read on every screen (the server stores minor units and UTC). */

/**
 * Intl formatters are costly to build (milliseconds each with a time zone) and cheap to
 * reuse: a list page formats dozens of times per render, so each one is made once.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    numberFormats.set(key, format);
  }
  return format;
}

/** `1250, "EUR"` → "€12.50"; 0 → "Free". */
export function formatPrice(minor: number, currency: string, locale = "en-GB"): string {
  if (minor === 0) return "Free";
  return currencyFormat(locale, currency).format(minor / 100);
}

/** "Sat 5 Dec 2026, 19:30" in the event's zone, with the zone's short name when asked. */
export function formatEventTime(
  iso: string | Date,
  timeZone: string,
  options: { withZone?: boolean; locale?: string } = {},
): string {
  return dateFormat(options.locale ?? "en-GB", {
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
  const day = dateFormat("en-CA", { timeZone, dateStyle: "short" });
  const sameDay = day.format(new Date(startIso)) === day.format(new Date(endIso));
  return dateFormat("en-GB", {
    timeZone,
    ...(sameDay ? {} : { weekday: "short", day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(endIso));
}
