import { sql } from "drizzle-orm";
import type { EventSummary } from "#contract/event-summary.ts";
import { isoTime, parsedJson } from "#server/platform/db/sql-values.ts";

/** The summary as one JSON column of a raw statement whose events row is aliased `e`. */
export const eventSummaryJson = sql`json_build_object('id', e.id, 'shortId', e.short_id,
  'title', e.title, 'startsAt', e.starts_at, 'endsAt', e.ends_at, 'timeZone', e.time_zone,
  'venueName', e.venue_name, 'status', e.status)`;

/** The summary from that column (times as ISO 8601 whatever the driver gave). */
export function eventSummaryOf(column: EventSummary | string): EventSummary {
  const event = parsedJson(column);
  return {
    id: event.id,
    shortId: event.shortId,
    title: event.title,
    startsAt: isoTime(event.startsAt),
    endsAt: isoTime(event.endsAt),
    timeZone: event.timeZone,
    venueName: event.venueName,
    status: event.status,
  };
}
