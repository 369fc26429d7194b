/** The words and numbers of the waiting room page, apart from React so tests read them plainly. */

const count = new Intl.NumberFormat("en-GB");

/** A place or a number of people: "1,234". */
export const formatCount = (n: number) => count.format(n);

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Time left before the sale opens, as a clock counts down: "2:13", "1:02:13"; whole days
 * beyond two ("3 days"), where the seconds mean nothing yet.
 */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(seconds / 86_400);
  if (days >= 2) return `${days} days`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The estimated wait of someone with `ahead` people before them at the room's recent pace
 * ("about 6 minutes"); before anyone has been admitted the pace is unknown.
 */
export function waitText(ahead: number, admitPerMinute: number): string {
  if (ahead === 0) return "any moment now";
  if (admitPerMinute <= 0) return "working out your wait";
  const minutes = Math.ceil(ahead / admitPerMinute);
  if (minutes <= 1) return "about a minute";
  if (minutes < 60) return `about ${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const left = minutes % 60;
  return left === 0
    ? `about ${plural(hours, "hour")}`
    : `about ${plural(hours, "hour")} ${plural(left, "minute")}`;
}

/** People ahead, in words: "1,233 people ahead of you", "nobody ahead of you". */
export function aheadText(ahead: number): string {
  if (ahead === 0) return "Nobody is ahead of you.";
  return ahead === 1
    ? "1 person is ahead of you."
    : `${formatCount(ahead)} people are ahead of you.`;
}

/**
 * A wall-clock time, in the event's zone when given (the sale is announced there), with
 * the zone's name if it differs from the reader's: "20:15" or "20:15 (Europe/London)".
 */
export function clockText(at: string, timeZone?: string): string {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = timeZone ?? own;
  const clock = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(at));
  return zone === own ? clock : `${clock} (${zone.replace(/_/g, " ")})`;
}
