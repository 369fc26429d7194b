/** One bar of the report's chart: check-ins from `start` (local wall time) for `minutes`. */
export type CheckInBucket = {
  /** Local wall time in the event's zone, `YYYY-MM-DDTHH:MM`. */
  start: string;
  /** What the axis shows: `HH:MM`, or `DD Mon` for day buckets. */
  label: string;
  count: number;
};

/** Bucket sizes in minutes, smallest first; the first that fits the span is used. */
const sizes = [15, 60, 180, 1440] as const;
const maxBuckets = 96;

/** Local wall time `YYYY-MM-DDTHH:MM` as minutes, treating it as if it were UTC (no DST). */
const minutesOf = (local: string) => Date.parse(`${local}:00Z`) / 60_000;
const localOf = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 16);

const dayLabel = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  timeZone: "UTC",
});

/**
 * Check-ins over time, from quarter-hour counts in the event's wall time (SQL bins them,
 * see team-report.ts): every bucket from the first check-in's to the last one's, empty
 * ones included so the chart's time axis is even. Past 96 quarters (a day) the buckets
 * grow to an hour, three hours, then a day, so a phone's chart stays readable. Wall time
 * is counted without DST: the night the clocks go back, the repeated hour shares its bars.
 */
export function checkInBuckets(quarters: readonly { start: string; count: number }[]) {
  if (quarters.length === 0) return { minutes: 15, buckets: [] as CheckInBucket[] };
  const points = quarters.map((q) => ({ at: minutesOf(q.start), count: q.count }));
  const first = Math.min(...points.map((p) => p.at));
  const last = Math.max(...points.map((p) => p.at));
  const minutes =
    sizes.find((size) => floorTo(last, size) - floorTo(first, size) < maxBuckets * size) ?? 1440;
  const from = floorTo(first, minutes);
  const counts = new Map<number, number>();
  for (const point of points) {
    const key = floorTo(point.at, minutes);
    counts.set(key, (counts.get(key) ?? 0) + point.count);
  }
  const buckets: CheckInBucket[] = [];
  for (let at = from; at <= last; at += minutes) {
    const start = localOf(at);
    buckets.push({
      start,
      label: minutes === 1440 ? dayLabel.format(new Date(at * 60_000)) : start.slice(11, 16),
      count: counts.get(at) ?? 0,
    });
  }
  return { minutes, buckets };
}

function floorTo(minutes: number, size: number): number {
  return Math.floor(minutes / size) * size;
}
