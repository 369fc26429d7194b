/** `at` as the wall-clock "YYYY-MM-DDTHH:MM" of a time zone. */
const wallClock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" })
    .format(at)
    .replace(" ", "T");

/**
 * A start two hours from now that still falls on today's date where the event takes place,
 * whatever the hour the test runs at: the first zone whose clock has two hours left today.
 */
export function laterToday() {
  const now = new Date();
  const starts = new Date(now.getTime() + 2 * 3_600_000);
  const ends = new Date(now.getTime() + 5 * 3_600_000);
  const timeZone =
    ["UTC", "Asia/Tokyo", "America/Los_Angeles"].find(
      (zone) => wallClock(now, zone).slice(0, 10) === wallClock(starts, zone).slice(0, 10),
    ) ?? "UTC";
  return { timeZone, starts: wallClock(starts, timeZone), ends: wallClock(ends, timeZone) };
}
