import { describe, expect, it } from "vitest";
import { isLocalDay, weeklyStarts } from "./series-dates.ts";
import { fromLocalInput, toLocalInput } from "./zoned-time.ts";

const london = "Europe/London";
const at = (local: string, zone = london) => {
  const instant = fromLocalInput(local, zone);
  if (!instant) throw new Error(`bad local ${local}`);
  return instant;
};

describe("weekly series starts", () => {
  it("keeps the wall-clock time across a DST change (not 7 × 24 hours)", () => {
    // London moves to summer time on 28 March 2027.
    const starts = weeklyStarts(
      { startsAt: at("2027-03-17T19:30"), timeZone: london },
      [3],
      "2027-04-07",
    );
    expect(starts.map((s) => toLocalInput(s, london))).toEqual([
      "2027-03-24T19:30",
      "2027-03-31T19:30",
      "2027-04-07T19:30",
    ]);
    expect(starts.map((s) => s.toISOString())).toEqual([
      "2027-03-24T19:30:00.000Z",
      "2027-03-31T18:30:00.000Z",
      "2027-04-07T18:30:00.000Z",
    ]);
  });

  it("takes every chosen weekday after the first day, up to and including the last day", () => {
    // 2027-03-01 is a Monday; Monday (1) and Friday (5) chosen.
    const starts = weeklyStarts(
      { startsAt: at("2027-03-01T10:00"), timeZone: london },
      [1, 5],
      "2027-03-12",
    );
    expect(starts.map((s) => toLocalInput(s, london))).toEqual([
      "2027-03-05T10:00",
      "2027-03-08T10:00",
      "2027-03-12T10:00",
    ]);
  });

  it("reads the days in the event's zone, not in UTC", () => {
    // 23:30 on a Sunday in New York is already Monday in UTC.
    const zone = "America/New_York";
    const starts = weeklyStarts(
      { startsAt: at("2027-05-02T23:30", zone), timeZone: zone },
      [0],
      "2027-05-16",
    );
    expect(starts.map((s) => toLocalInput(s, zone))).toEqual([
      "2027-05-09T23:30",
      "2027-05-16T23:30",
    ]);
  });

  it("stops after more starts than a series may have", () => {
    const starts = weeklyStarts(
      { startsAt: at("2027-01-04T10:00"), timeZone: london },
      [0, 1, 2, 3, 4, 5, 6],
      "2099-01-01",
    );
    expect(starts.length).toBe(105);
  });

  it("knows a real calendar day", () => {
    expect(isLocalDay("2027-02-28")).toBe(true);
    expect(isLocalDay("2027-02-29")).toBe(false);
    expect(isLocalDay("2027-2-28")).toBe(false);
    expect(isLocalDay("tomorrow")).toBe(false);
  });
});
