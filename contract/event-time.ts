/**
 * How an event's times read, on the pages and in what the server writes (emails, ticket
 * PDFs, notices): always in the event's own time zone, never the reader's, so a ticket
 * bought from abroad shows the time on the venue's clock.
 */

/**
 * Intl formatters are costly to build (milliseconds each with a time zone) and cheap to
 * reuse: a list page formats dozens of times per render, so each one is made once.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export type EventTimeOptions = {
  /** Add the zone's short name ("GMT", "CET"). */
  withZone?: boolean;
  /** Start with the weekday ("Sat 5 Dec 2026, 19:30"); emails and PDFs leave it out. */
  weekday?: boolean;
  locale?: string;
};

/** "Sat 5 Dec 2026, 19:30" in the event's zone ("5 Dec 2026, 19:30" without the weekday). */
export function formatEventTime(
  at: string | Date,
  timeZone: string,
  options: EventTimeOptions = {},
): string {
  return dateFormat(options.locale ?? "en-GB", {
    timeZone,
    ...(options.weekday === false ? {} : { weekday: "short" }),
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(options.withZone ? { timeZoneName: "short" } : {}),
  }).format(new Date(at));
}

/** The date (`YYYY-MM-DD`) on the event's calendar at `at`: what "the same day" means there. */
export function eventLocalDate(at: string | Date, timeZone: string): string {
  return dateFormat("en-CA", { timeZone, dateStyle: "short" }).format(new Date(at));
}

/** "19:30" (or "Sat 6 Dec, 02:00" when the end falls on another day) in the event's zone. */
export function formatEventEnd(
  startAt: string | Date,
  endAt: string | Date,
  timeZone: string,
): string {
  const sameDay = eventLocalDate(startAt, timeZone) === eventLocalDate(endAt, timeZone);
  return dateFormat("en-GB", {
    timeZone,
    ...(sameDay ? {} : { weekday: "short", day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(endAt));
}

/** "19:30" in the event's zone: the time of day alone (a reminder's "tomorrow at 19:30"). */
export function formatEventClock(at: string | Date, timeZone: string): string {
  return dateFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(new Date(at));
}
