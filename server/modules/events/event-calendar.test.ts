import { describe, expect, it } from "vitest";
import {
  type CalendarEvent,
  escapeText,
  eventCalendar,
  foldLine,
  utcStamp,
} from "./event-calendar.ts";

const event: CalendarEvent = {
  shortId: "abcdefgh",
  title: "Jazz, Wine; and \\ Song",
  description: "Line one\nLine two, with a comma; and a semicolon",
  venueName: "Blue Note",
  venueAddress: "1 Jazz Street, London",
  startsAt: "2026-12-05T19:30:00.000Z",
  endsAt: "2026-12-05T23:00:00.000Z",
  status: "published",
  url: "https://tickets.example.org/jazz-wine-and-song-abcdefgh",
  host: "tickets.example.org",
};

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("the calendar file (RFC 5545)", () => {
  it("escapes backslashes, commas, semicolons and newlines in text", () => {
    expect(escapeText("a\\b,c;d\ne\r\nf")).toBe("a\\\\b\\,c\\;d\\ne\\nf");
  });

  it("ends every line with CRLF and has no bare LF", () => {
    const text = eventCalendar(event, new Date("2026-11-21T10:00:00Z"));
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("UID:event-abcdefgh@tickets.example.org");
    expect(lines).toContain("DTSTART:20261205T193000Z");
    expect(lines).toContain("DTEND:20261205T230000Z");
    expect(lines).toContain("DTSTAMP:20261121T100000Z");
    expect(lines).toContain("SUMMARY:Jazz\\, Wine\\; and \\\\ Song");
    expect(lines).toContain("LOCATION:Blue Note\\, 1 Jazz Street\\, London");
    expect(lines).toContain("STATUS:CONFIRMED");
  });

  it("folds lines longer than 75 octets, never inside a character, and unfolds back", () => {
    const long = `DESCRIPTION:${"é".repeat(50)}${"a".repeat(100)}`;
    const folded = foldLine(long);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
    const file = eventCalendar({ ...event, description: "x".repeat(300) });
    for (const line of file.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("marks a cancelled event as cancelled", () => {
    expect(eventCalendar({ ...event, status: "cancelled" })).toContain("\r\nSTATUS:CANCELLED\r\n");
    expect(utcStamp(new Date("2026-01-02T03:04:05.678Z"))).toBe("20260102T030405Z");
  });

  it("writes the description as plain text: no markup, paragraphs and list items kept", () => {
    const text = eventCalendar({
      ...event,
      description: "Doors open **today** at _seven_.\n\n- Bring a coat\n- See https://x.org.",
    });
    const unfolded = text.replace(/\r\n /g, "");
    const description = unfolded.split("\r\n").find((l) => l.startsWith("DESCRIPTION:"));
    expect(description).toBe(
      `DESCRIPTION:Doors open today at seven.\\n\\n- Bring a coat\\n- See https://x.org.\\n\\n${event.url}`,
    );
  });
});
