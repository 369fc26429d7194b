import { describe, expect, it } from "vitest";
import { checkInBuckets } from "./report-buckets.ts";

describe("check-ins over time", () => {
  it("has no bars before the first check-in", () => {
    expect(checkInBuckets([])).toEqual({ minutes: 15, buckets: [] });
  });

  it("fills the quarters between the first and the last check-in with zeros", () => {
    const { minutes, buckets } = checkInBuckets([
      { start: "2026-07-10T23:30", count: 3 },
      { start: "2026-07-11T00:15", count: 1 },
    ]);
    expect(minutes).toBe(15);
    expect(buckets).toEqual([
      { start: "2026-07-10T23:30", label: "23:30", count: 3 },
      { start: "2026-07-10T23:45", label: "23:45", count: 0 },
      { start: "2026-07-11T00:00", label: "00:00", count: 0 },
      { start: "2026-07-11T00:15", label: "00:15", count: 1 },
    ]);
  });

  it("grows the bars to hours past a day of quarters, adding up their counts", () => {
    const { minutes, buckets } = checkInBuckets([
      { start: "2026-07-10T18:15", count: 2 },
      { start: "2026-07-10T18:45", count: 1 },
      { start: "2026-07-11T20:00", count: 4 },
    ]);
    expect(minutes).toBe(60);
    expect(buckets[0]).toEqual({ start: "2026-07-10T18:00", label: "18:00", count: 3 });
    expect(buckets.at(-1)).toEqual({ start: "2026-07-11T20:00", label: "20:00", count: 4 });
    expect(buckets).toHaveLength(27);
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(7);
  });

  it("counts by day across weeks", () => {
    const { minutes, buckets } = checkInBuckets([
      { start: "2026-07-01T10:00", count: 1 },
      { start: "2026-07-30T10:00", count: 1 },
    ]);
    expect(minutes).toBe(1440);
    expect(buckets[0]).toEqual({ start: "2026-07-01T00:00", label: "01 Jul", count: 1 });
    expect(buckets).toHaveLength(30);
  });
});
