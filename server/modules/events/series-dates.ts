import { MAX_SERIES_DATES, type Weekday } from "#contract/event-series.ts";
import { fromLocalInput, toLocalInput } from "./zoned-time.ts";

const dayMs = 24 * 60 * 60 * 1000;
const localDayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real `YYYY-MM-DD` calendar day. */
export function isLocalDay(day: string): boolean {
  if (!localDayPattern.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/**
 * The starts of a weekly repeat (decision 035): every chosen weekday after the first
 * date's day up to and including `untilLocal`, at the first date's wall-clock time in its
 * zone. Each day's local time is converted on its own, so 19:30 stays 19:30 across DST
 * changes (adding 7 × 24 hours would not). Days are walked as UTC calendar days, which
 * have no DST of their own. Stops past MAX_SERIES_DATES starts: more than that is refused
 * anyway, and a far-off last day must not walk centuries.
 */
export function weeklyStarts(
  first: { startsAt: Date; timeZone: string },
  weekdays: readonly Weekday[],
  untilLocal: string,
): Date[] {
  const firstLocal = toLocalInput(first.startsAt, first.timeZone);
  const clock = firstLocal.slice(11);
  const until = Date.parse(`${untilLocal}T00:00:00Z`);
  const chosen = new Set<number>(weekdays);
  const starts: Date[] = [];
  let day = Date.parse(`${firstLocal.slice(0, 10)}T00:00:00Z`) + dayMs;
  while (day <= until && starts.length <= MAX_SERIES_DATES) {
    const date = new Date(day);
    if (chosen.has(date.getUTCDay())) {
      const start = fromLocalInput(`${date.toISOString().slice(0, 10)}T${clock}`, first.timeZone);
      if (start) starts.push(start);
    }
    day += dayMs;
  }
  return starts;
}
