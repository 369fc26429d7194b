import { sql } from "drizzle-orm";
import { formatEventTime } from "#contract/event-time.ts";
import { eventTicketsPath } from "#contract/paths.ts";
import { startFanout } from "#server/modules/notifications/notice-fanout.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { Event } from "./event-ownership.ts";

type WhenAndWhere = Pick<Event, "startsAt" | "endsAt" | "venueName" | "venueAddress" | "timeZone">;

/** What changed for people coming (time, venue), in sentences; null when neither did. */
export function changeLines(before: WhenAndWhere, after: WhenAndWhere): string[] | null {
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime();
  const relocated =
    before.venueName !== after.venueName || before.venueAddress !== after.venueAddress;
  if (!moved && !relocated) return null;
  return [
    moved
      ? `New time: ${formatEventTime(after.startsAt, after.timeZone, { withZone: true })}.`
      : null,
    relocated
      ? `New venue: ${[after.venueName, after.venueAddress].filter(Boolean).join(", ")}.`
      : null,
  ].filter((line): line is string => line !== null);
}

/**
 * When the organiser moves an event (its times) or its venue, every holder of a valid
 * ticket is told by every channel they have (not marketing: `always`), through a notice
 * fan-out written in the edit's transaction (a rolled-back edit tells nobody); the notice
 * worker tells them in batches. Holders are read by table name: the tickets module sits
 * above this one. Answers how many people are to be told.
 */
export async function tellHoldersOfChange(
  tx: Executor,
  event: Pick<Event, "id" | "title" | "status">,
  before: WhenAndWhere,
  after: WhenAndWhere,
): Promise<number> {
  const lines = changeLines(before, after);
  if (event.status !== "published" || !lines) return 0;
  const fanout = await startFanout(tx, {
    kind: "event-changed",
    eventId: event.id,
    always: true,
    title: `${event.title} has changed`,
    body: `The organiser changed ${event.title}. ${lines.join(" ")} Your tickets stay valid.`,
    link: eventTicketsPath(event.id),
    recipients: sql`select distinct holder_user_id as user_id, null::text as link from tickets
      where event_id = ${event.id}::uuid and status = 'valid' and holder_user_id is not null`,
  });
  return fanout?.total ?? 0;
}
