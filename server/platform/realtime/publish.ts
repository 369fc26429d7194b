import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** The one channel every instance listens on; the payload is `{id}:{topic}`. */
export const REALTIME_CHANNEL = "realtime";

export type RealtimeMessage = { topic: string; kind: string; payload: unknown };

/**
 * Publishes inside the caller's transaction: stored first (for replay), then announced
 * with NOTIFY, which PostgreSQL delivers only if and when the transaction commits. A
 * rolled-back change announces nothing.
 */
export async function publishRealtime(tx: Executor, message: RealtimeMessage): Promise<number> {
  const [row] = await rowsOf<{ id: string | number }>(
    tx,
    sql`
    with stored as (
      insert into realtime_events (topic, kind, payload)
      values (${message.topic}, ${message.kind}, ${JSON.stringify(message.payload)}::jsonb)
      returning id
    )
    select id, pg_notify(${REALTIME_CHANNEL}, id::text || ':' || ${message.topic}) from stored
  `,
  );
  if (!row) throw new Error("realtime event not stored");
  return Number(row.id);
}

/** Topic names, so modules never spell them by hand. */
export const topics = {
  user: (userId: string) => `user:${userId}`,
  team: (teamId: string) => `team:${teamId}`,
};
