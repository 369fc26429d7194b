import { sql } from "drizzle-orm";
import { formatEventTime } from "#contract/event-time.ts";
import { eventTicketsPath } from "#contract/paths.ts";
import {
  type NotifyOptions,
  notifyUser,
} from "#server/modules/notifications/notifications.service.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
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
 * ticket is told (notification, and email by their settings), in the edit's transaction.
 * Holders are read by table name: the tickets module sits above this one.
 */
export async function tellHoldersOfChange(
  tx: Executor,
  event: Pick<Event, "id" | "title" | "status">,
  before: WhenAndWhere,
  after: WhenAndWhere,
  options: NotifyOptions,
): Promise<number> {
  const lines = changeLines(before, after);
  if (event.status !== "published" || !lines) return 0;
  const holders = await rowsOf<{ user_id: string }>(
    tx,
    sql`select distinct holder_user_id as user_id from tickets
      where event_id = ${event.id}::uuid and status = 'valid' and holder_user_id is not null`,
  );
  for (const holder of holders) {
    await notifyUser(
      tx,
      {
        userId: holder.user_id,
        kind: "event-changed",
        title: `${event.title} has changed`,
        body: `The organiser changed ${event.title}. ${lines.join(" ")} Your tickets stay valid.`,
        link: eventTicketsPath(event.id),
      },
      options,
    );
  }
  return holders.length;
}
