import { describe, expect, it } from "vitest";
import { eventPath, newShortId, shortIdFromPathSegment, slugify } from "./event-ids.ts";
import { fromLocalInput, isKnownTimeZone, toLocalInput } from "./zoned-time.ts";

describe("event ids", () => {
  it("makes short ids a path segment can carry back", () => {
    for (let i = 0; i < 200; i++) {
      const id = newShortId();
      expect(shortIdFromPathSegment(id)).toBe(id);
      expect(shortIdFromPathSegment(`some-title-${id}`)).toBe(id);
    }
  });

  it("slugs titles to ASCII words and refuses segments that cannot be ids", () => {
    expect(slugify("  Café Tacvba — Live! ")).toBe("cafe-tacvba-live");
    expect(eventPath({ title: "!!!", shortId: "abcdefgh" })).toBe("/abcdefgh");
    expect(eventPath({ title: "Jazz Night", shortId: "abcdefgh" })).toBe("/jazz-night-abcdefgh");
    expect(shortIdFromPathSegment("login")).toBeNull();
    expect(shortIdFromPathSegment("jazz-night-abcdefg0")).toBeNull();
    expect(shortIdFromPathSegment("JAZZ-ABCDEFGH")).toBe("abcdefgh");
  });
});

describe("zoned time", () => {
  it("reads a wall-clock time in the event's zone, across DST", () => {
    expect(fromLocalInput("2026-12-05T19:30", "Europe/Lisbon")?.toISOString()).toBe(
      "2026-12-05T19:30:00.000Z",
    );
    expect(fromLocalInput("2026-07-05T19:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-07-05T17:30:00.000Z",
    );
    expect(fromLocalInput("2026-07-05T19:30", "America/New_York")?.toISOString()).toBe(
      "2026-07-05T23:30:00.000Z",
    );
    // 02:30 does not exist in Berlin on 29 March 2026: it moves forward an hour.
    expect(fromLocalInput("2026-03-29T02:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // 02:30 happens twice on 25 October 2026: the first one (summer time).
    expect(fromLocalInput("2026-10-25T02:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("writes it back and refuses nonsense", () => {
    expect(toLocalInput(new Date("2026-07-05T23:30:00Z"), "America/New_York")).toBe(
      "2026-07-05T19:30",
    );
    expect(fromLocalInput("2026-02-30T10:00", "UTC")).toBeNull();
    expect(fromLocalInput("tomorrow", "UTC")).toBeNull();
    expect(isKnownTimeZone("Europe/Lisbon")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
  });
});
