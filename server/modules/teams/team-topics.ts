import { inArray } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { topics } from "#server/platform/realtime/publish.ts";
import type { TopicSource } from "#server/platform/realtime/stream-router.ts";
import { epochMicros, sinceOf } from "#server/platform/realtime/topic-grants.ts";
import { teamMembers } from "./teams.schema.ts";

/**
 * The live topics a user hears as a team member: `team:{teamId}` for every team they are
 * in, whatever their role, since they joined it (a replay leaves out the alerts sent
 * before, like `alerts.list`). Re-read by every open stream every few seconds, so a
 * removed member stops hearing the team within seconds (decision 018).
 */
export function teamTopicSource(db: Executor): TopicSource {
  return async (userIds) => {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({
        userId: teamMembers.userId,
        teamId: teamMembers.teamId,
        since: epochMicros(teamMembers.createdAt),
      })
      .from(teamMembers)
      .where(inArray(teamMembers.userId, [...userIds]));
    return rows.map((row) => ({
      userId: row.userId,
      topic: topics.team(row.teamId),
      since: sinceOf(row.since as string | number | bigint),
    }));
  };
}
