import { describe, expect, it } from "vitest";
import type { SeriesDate } from "#contract/event-series.ts";
import {
  eventWeekday,
  remainingText,
  seriesCountText,
  shownDates,
  weekdayChoices,
  weekdaysFrom,
} from "./series-text.ts";

const date = (n: number, extra: Partial<SeriesDate> = {}): SeriesDate => ({
  eventId: `e${n}`,
  shortId: `s${n}`,
  path: `/gig-s${n}`,
  startsAt: `2027-01-${String(n).padStart(2, "0")}T19:00:00.000Z`,
  endsAt: `2027-01-${String(n).padStart(2, "0")}T22:00:00.000Z`,
  status: "published",
  remaining: 10,
  availability: "available",
  ...extra,
});

const dates = Array.from({ length: 20 }, (_, i) => date(i + 1));

describe("weekdays", () => {
  it("lists the week Monday first, numbered as Date.getUTCDay numbers them", () => {
    expect(weekdayChoices.map((d) => d.short)).toEqual([
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
      "Sun",
    ]);
    expect(weekdayChoices.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it("takes an event's weekday on its own calendar, not UTC's", () => {
    // Friday 23:30 in London is already Saturday in Tokyo.
    expect(eventWeekday("2026-12-04T23:30:00.000Z", "Europe/London")).toBe(5);
    expect(eventWeekday("2026-12-04T23:30:00.000Z", "Asia/Tokyo")).toBe(6);
    expect(eventWeekday("2026-12-06T12:00:00.000Z", "Europe/London")).toBe(0);
  });

  it("reads the ticked boxes as numbers", () => {
    expect(weekdaysFrom(["1", "5"])).toEqual([1, 5]);
  });
});

describe("the dates a list shows", () => {
  it("shows the first ones and counts the rest", () => {
    const { shown, hidden } = shownDates(dates, "e1", 8, false);
    expect(shown.map((d) => d.eventId)).toEqual(["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"]);
    expect(hidden).toBe(12);
  });

  it("keeps the current date among those shown", () => {
    const { shown } = shownDates(dates, "e15", 8, false);
    expect(shown).toHaveLength(8);
    expect(shown.at(-1)?.eventId).toBe("e15");
  });

  it("starts at the first date not ended, the current one kept even when past", () => {
    // Dates 1 to 20 January end at 22:00; on the 12th at noon, the 12th is the next.
    const now = Date.parse("2027-01-12T12:00:00.000Z");
    const next = shownDates(dates, "e12", 8, false, now).shown.map((d) => d.eventId);
    expect(next).toEqual(["e12", "e13", "e14", "e15", "e16", "e17", "e18", "e19"]);
    const withPast = shownDates(dates, "e3", 8, false, now).shown.map((d) => d.eventId);
    expect(withPast[0]).toBe("e3");
    expect(withPast.slice(1)).toEqual(["e13", "e14", "e15", "e16", "e17", "e18", "e19"]);
    // Near the end (or all ended), the last ones.
    const late = Date.parse("2027-02-01T00:00:00.000Z");
    expect(shownDates(dates, "e20", 8, false, late).shown[0]?.eventId).toBe("e13");
  });

  it("shows all of them when asked or when few", () => {
    expect(shownDates(dates, "e1", 8, true)).toEqual({ shown: dates, hidden: 0 });
    expect(shownDates(dates.slice(0, 5), "e1", 8, false).hidden).toBe(0);
  });
});

describe("texts", () => {
  it("counts the series", () => {
    expect(seriesCountText(52)).toBe("52 dates in the series.");
    expect(seriesCountText(1)).toBe("1 date in the series.");
  });

  it("says what is left of a date", () => {
    expect(remainingText(date(1))).toBe("10 left");
    expect(remainingText(date(1, { remaining: 0, availability: "sold-out" }))).toBe("Sold out");
    expect(remainingText(date(1, { status: "cancelled" }))).toBe("Cancelled");
  });
});
