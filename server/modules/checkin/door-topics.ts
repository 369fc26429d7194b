import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { epochMicros, sinceOf, type TopicGrant } from "#server/platform/realtime/topic-grants.ts";

/** The live topic of one event's door: admissions and undos, heard by its door staff. */
export const doorTopic = (eventId: string) => `event-door:${eventId}`;

/** The live message kind the desk listens for. */
export const DOOR_MESSAGE_KIND = "door-checkin";

/**
 * The door topics a user may hear: events of their business (all that is kept) and events
 * their teams work at (since they joined the team and it was assigned the event, whichever
 * is later: a replay leaves out earlier door news),
 * from a day before now on (a desk left open after the end still follows undos).
 * Re-read by every open stream every few seconds, so a removed member stops hearing.
 */
export async function doorTopicsOf(db: Executor, userId: string): Promise<TopicGrant[]> {
  const rows = await rowsOf<{ id: string; since: string | number | bigint | null }>(
    db,
    sql`select e.id, null::bigint as since from events e join businesses b on b.id = e.business_id
        where b.owner_id = ${userId} and e.ends_at > now() - interval '1 day'
      union all
      select e.id, ${epochMicros(sql`greatest(m.created_at, te.assigned_at)`)} as since
        from team_members m join team_events te on te.team_id = m.team_id
        join events e on e.id = te.event_id
        where m.user_id = ${userId} and e.ends_at > now() - interval '1 day'`,
  );
  return rows.map((row) => ({ topic: doorTopic(row.id), since: sinceOf(row.since) }));
}
