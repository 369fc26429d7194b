const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "27 Nov 2026": the day of an instant (UTC, so the server's page and the browser's agree). */
export function dayText(instant: string): string {
  return dateFormat.format(new Date(instant));
}

/**
 * When a key was last used, against `now` (the loader's clock, so the page reads the same
 * when it hydrates): "Never used", "Used just now", "Used 5 min ago", "Used 3 h ago",
 * "Used 2 days ago", then the day.
 */
export function lastUsedText(lastUsedAt: string | null, now: string): string {
  if (lastUsedAt === null) return "Never used";
  const ago = Math.max(0, Date.parse(now) - Date.parse(lastUsedAt));
  if (ago < minute) return "Used just now";
  if (ago < hour) return `Used ${Math.floor(ago / minute)} min ago`;
  if (ago < day) return `Used ${Math.floor(ago / hour)} h ago`;
  const days = Math.floor(ago / day);
  if (days < 7) return days === 1 ? "Used yesterday" : `Used ${days} days ago`;
  return `Used on ${dayText(lastUsedAt)}`;
}

/** "Shown as tk_live_AbCd…": the start of a key, to tell it apart. */
export function keyStartText(start: string): string {
  return `${start}…`;
}

/** "2 of 20 keys active". */
export function activeKeysText(active: number, max: number): string {
  return `${active} of ${max} ${max === 1 ? "key" : "keys"} active`;
}
