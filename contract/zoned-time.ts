/**
 * Wall-clock times in an IANA time zone <-> UTC instants, with Intl only (no tz
 * database of our own). A form's `2026-12-05T19:30` means 19:30 where the event is.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at `instant`, as `YYYY-MM-DDTHH:mm` (what a datetime-local input holds). */
export function toLocalInput(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function offsetMinutesAt(instant: Date, timeZone: string): number {
  const local = toLocalInput(instant, timeZone);
  const asUtc = Date.parse(`${local}:00Z`);
  const truncated = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - truncated) / 60_000);
}

const localInputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The UTC instant of wall-clock `local` (`YYYY-MM-DDTHH:mm`) in `timeZone`, or null when
 * the text is not such a time. A time skipped by a DST jump moves forward by the jump;
 * a time that happens twice takes the first.
 */
export function fromLocalInput(local: string, timeZone: string): Date | null {
  const match = localInputPattern.exec(local);
  if (!match) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== local) return null;
  // Two passes settle on the offset in force at the result, also across a DST change.
  let guess = asUtc - offsetMinutesAt(new Date(asUtc), timeZone) * 60_000;
  guess = asUtc - offsetMinutesAt(new Date(guess), timeZone) * 60_000;
  const earlier = asUtc - offsetMinutesAt(new Date(guess - 3_600_000), timeZone) * 60_000;
  if (earlier < guess && toLocalInput(new Date(earlier), timeZone) === local)
    return new Date(earlier);
  return new Date(guess);
}
