import { describe, expect, it } from "vitest";
import { eventLocalDate, formatEventEnd, formatEventTime } from "./event-time.ts";

// Pages, emails, PDFs and screenshots compare these strings byte for byte.
describe("event times", () => {
  it("reads a time on the event's clock, with the weekday and optionally the zone", () => {
    expect(formatEventTime("2026-12-05T19:30:00Z", "America/New_York")).toBe(
      "Sat, 5 Dec 2026, 14:30",
    );
    expect(
      formatEventTime(new Date("2026-07-01T23:59:00Z"), "Europe/London", { withZone: true }),
    ).toBe("Thu, 2 Jul 2026, 00:59 BST");
    expect(formatEventTime("2026-12-05T19:30:00Z", "Asia/Kolkata", { withZone: true })).toBe(
      "Sun, 6 Dec 2026, 01:00 GMT+5:30",
    );
  });

  it("leaves the weekday out for emails and ticket PDFs", () => {
    expect(
      formatEventTime(new Date("2026-03-29T00:30:00Z"), "America/New_York", { weekday: false }),
    ).toBe("28 Mar 2026, 20:30");
  });

  it("gives the end as a clock time on the same day, with the date on another", () => {
    expect(formatEventEnd("2026-12-05T19:30:00Z", "2026-12-06T02:00:00Z", "America/New_York")).toBe(
      "21:00",
    );
    expect(formatEventEnd("2026-12-05T19:30:00Z", "2026-12-06T02:00:00Z", "Europe/London")).toBe(
      "Sun 6 Dec, 02:00",
    );
  });

  it("takes the calendar date where the event is", () => {
    expect(eventLocalDate(new Date("2026-07-01T23:59:00Z"), "Europe/London")).toBe("2026-07-02");
    expect(eventLocalDate("2026-07-01T23:59:00Z", "America/New_York")).toBe("2026-07-01");
  });
});
