import { sql } from "drizzle-orm";
import { doorAccessRows } from "#server/modules/teams/team-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { uuidArray } from "#server/platform/db/sql-values.ts";
import type { TopicSource, UserTopicGrant } from "#server/platform/realtime/stream-router.ts";
import { epochMicros, sinceOf } from "#server/platform/realtime/topic-grants.ts";

/** The live topic of one event's door: admissions and undos, heard by its door staff. */
export const doorTopic = (eventId: string) => `event-door:${eventId}`;

/** The live message kind the desk listens for. */
export const DOOR_MESSAGE_KIND = "door-checkin";

/**
 * The door topics a user may hear, by the door rule (`doorAccessRows`): events of their
 * business (all that is kept) and events their teams work at (since they joined the team
 * and it was assigned the event, whichever is later: a replay leaves out earlier door news),
 * from a day before now on (a desk left open after the end still follows undos).
 * Re-read for every open stream every few seconds, so a removed member stops hearing.
 */
export function doorTopicSource(db: Executor): TopicSource {
  return async (userIds): Promise<UserTopicGrant[]> => {
    if (userIds.length === 0) return [];
    const rows = await rowsOf<{
      user_id: string;
      id: string;
      since: string | number | bigint | null;
    }>(
      db,
      sql`select u.id as user_id, d.event_id as id, ${epochMicros(sql`d.since`)} as since
        from unnest(${uuidArray(userIds)}) as u(id)
        cross join lateral ${doorAccessRows(sql`u.id`)} d
        join events e on e.id = d.event_id
        where e.ends_at > now() - interval '1 day'`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      topic: doorTopic(row.id),
      since: sinceOf(row.since),
    }));
  };
}
