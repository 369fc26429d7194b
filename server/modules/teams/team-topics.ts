import { eq } from "drizzle-orm";
import type { Executor } from "#server/platform/db.ts";
import { topics } from "#server/platform/realtime/publish.ts";
import type { TopicSource } from "#server/platform/realtime/stream-router.ts";
import { teamMembers } from "./teams.schema.ts";

/**
 * The live topics a user hears as a team member: `team:{teamId}` for every team they are
 * in, whatever their role. Re-read by every open stream every few seconds, so a removed
 * member stops hearing the team within seconds (decision 018).
 */
export function teamTopicSource(db: Executor): TopicSource {
  return async (userId) => {
    const rows = await db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, userId));
    return rows.map((row) => topics.team(row.teamId));
  };
}
