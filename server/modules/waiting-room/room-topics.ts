import { sql } from "drizzle-orm";
import { waitingRoomTopic } from "#contract/waiting-room.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { uuidArray } from "#server/platform/db/sql-values.ts";
import type { TopicSource, UserTopicGrant } from "#server/platform/realtime/stream-router.ts";
import { epochMicros, sinceOf } from "#server/platform/realtime/topic-grants.ts";

/** A person in a room hears `room:{eventId}` from when they joined (live streams). */
export const waitingRoomTopicSource =
  (db: Executor): TopicSource =>
  async (userIds): Promise<UserTopicGrant[]> => {
    if (userIds.length === 0) return [];
    const rows = await rowsOf<{
      user_id: string;
      event_id: string;
      since: string | number | bigint;
    }>(
      db,
      sql`select user_id, event_id, ${epochMicros(sql`joined_at`)} as since
        from waiting_places where user_id = any(${uuidArray(userIds)})`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      topic: waitingRoomTopic(row.event_id),
      since: sinceOf(row.since),
    }));
  };
