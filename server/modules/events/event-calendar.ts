/**
 * An event as an iCalendar file (RFC 5545), for "Add to calendar". Times are written
 * in UTC (`Z`), so no VTIMEZONE block is needed and every calendar shows them in the
 * reader's own zone.
 */
import { descriptionAsText } from "#contract/description-markup.ts";

export type CalendarEvent = {
  shortId: string;
  title: string;
  /** With the event page's small markup (contract/description-markup.ts); written plain. */
  description: string;
  venueName: string;
  venueAddress: string;
  startsAt: string | Date;
  endsAt: string | Date;
  status: "published" | "cancelled" | "draft";
  /** Absolute URL of the event's page. */
  url: string;
  /** Host name the UID is scoped to (RFC 5545 3.8.4.7: globally unique). */
  host: string;
};

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): CRLF then one space, never inside
 * a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** `20261205T193000Z` */
export function utcStamp(value: string | Date): string {
  return new Date(value)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The whole `.ics` text, CRLF line endings, one VEVENT. */
export function eventCalendar(event: CalendarEvent, now: Date = new Date()): string {
  const location = [event.venueName, event.venueAddress].filter(Boolean).join(", ");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tickets//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:event-${event.shortId}@${event.host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(`${descriptionAsText(event.description)}\n\n${event.url}`.trim())}`,
    `LOCATION:${escapeText(location)}`,
    `URL:${event.url}`,
    `STATUS:${event.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
