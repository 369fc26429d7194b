import { sql } from "drizzle-orm";
import { waitingRoomTopic } from "#contract/waiting-room.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { TopicSource } from "#server/platform/realtime/stream-router.ts";
import { epochMicros, sinceOf, type TopicGrant } from "#server/platform/realtime/topic-grants.ts";

/** A person in a room hears `room:{eventId}` from when they joined (live streams). */
export const waitingRoomTopicSource =
  (db: Executor): TopicSource =>
  async (userId: string): Promise<TopicGrant[]> => {
    const rows = await rowsOf<{ event_id: string; since: string | number | bigint }>(
      db,
      sql`select event_id, ${epochMicros(sql`joined_at`)} as since
        from waiting_places where user_id = ${userId}`,
    );
    return rows.map((row) => ({
      topic: waitingRoomTopic(row.event_id),
      since: sinceOf(row.since),
    }));
  };
