import type { SeriesDate, Weekday } from "#contract/event-series.ts";

/** The week as the pages show it, Monday first; the numbers are `Weekday`'s (0 is Sunday). */
export const weekdayChoices: readonly { day: Weekday; short: string; long: string }[] = [
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
  { day: 0, short: "Sun", long: "Sunday" },
];

const weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The weekday of `at` on the event's own calendar (what "weekly on Fridays" means there). */
export function eventWeekday(at: string | Date, timeZone: string): Weekday {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short" }).format(
    new Date(at),
  );
  return weekdayNames.indexOf(name) as Weekday;
}

/** The ticked weekday boxes of a posted form; anything else is left for the server to refuse. */
export function weekdaysFrom(values: readonly FormDataEntryValue[]): Weekday[] {
  return values.map((v) => Number(v)) as Weekday[];
}

/** "52 dates in the series." */
export function seriesCountText(count: number): string {
  return count === 1 ? "1 date in the series." : `${count} dates in the series.`;
}

/**
 * The dates a list shows before "Show all": `limit` of them from the first one not ended
 * at `now` (a long series' past dates would fill the list), the current one always among
 * them. The public list has no past dates, so it starts at the first.
 */
export function shownDates(
  dates: readonly SeriesDate[],
  currentId: string,
  limit: number,
  all: boolean,
  now = Number.NEGATIVE_INFINITY,
): { shown: SeriesDate[]; hidden: number } {
  if (all || dates.length <= limit) return { shown: [...dates], hidden: 0 };
  const next = dates.findIndex((d) => new Date(d.endsAt).getTime() > now);
  const from = Math.min(next === -1 ? dates.length : next, dates.length - limit);
  const shown = dates.slice(from, from + limit);
  const current = dates.find((d) => d.eventId === currentId);
  if (current && !shown.includes(current)) {
    if (dates.indexOf(current) < from) shown[0] = current;
    else shown[limit - 1] = current;
  }
  return { shown, hidden: dates.length - limit };
}

/** A date's availability in words, for the console list ("12 left", "Sold out"). */
export function remainingText(date: SeriesDate): string {
  if (date.status === "cancelled") return "Cancelled";
  if (date.availability === "sold-out") return "Sold out";
  return `${date.remaining} left`;
}
