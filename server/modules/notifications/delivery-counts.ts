import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type ChannelCounts,
  type DeliveryCounts,
  type EventNoticeView,
  noCounts,
} from "#contract/delivery-counts.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { noticeFanouts } from "./notifications.schema.ts";

export type SourceCounts = Pick<DeliveryCounts, "email" | "sms">;

/**
 * Emails and SMS of each source (an attendee message, a notice fan-out: their
 * `source_id`), by what became of them. `sent` and `kept` count as sent; `queued` is
 * pending (still being tried with backoff); `failed` ran out of retries. Withheld
 * messages were never meant to leave and are not counted.
 */
export async function countDeliveries(
  tx: Executor,
  sourceIds: string[],
): Promise<Map<string, SourceCounts>> {
  const counts = new Map<string, SourceCounts>();
  for (const id of sourceIds) counts.set(id, { email: { ...noCounts }, sms: { ...noCounts } });
  if (sourceIds.length === 0) return counts;
  const ids = sql.join(
    sourceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await rowsOf<{
    source_id: string;
    channel: "email" | "sms";
    status: string;
    n: number;
  }>(
    tx,
    sql`select source_id, channel, status, count(*)::int as n from outbound_messages
        where source_id in (${ids}) group by source_id, channel, status`,
  );
  for (const row of rows) {
    const bucket = bucketOf(row.status);
    const of = counts.get(row.source_id);
    if (bucket && of) of[row.channel][bucket] += row.n;
  }
  return counts;
}

function bucketOf(status: string): keyof ChannelCounts | null {
  if (status === "sent" || status === "kept") return "sent";
  if (status === "failed") return "failed";
  if (status === "queued") return "pending";
  return null;
}

/**
 * An event's notices to its people (moved, cancelled, reminders), newest first, with
 * their delivery. The caller checks that the event is the caller's (events module).
 */
export async function listEventNotices(tx: Executor, eventId: string): Promise<EventNoticeView[]> {
  const fanouts = await tx
    .select()
    .from(noticeFanouts)
    .where(
      and(
        eq(noticeFanouts.eventId, eventId),
        inArray(noticeFanouts.kind, ["event-changed", "event-cancelled", "event-reminder"]),
      ),
    )
    .orderBy(desc(noticeFanouts.createdAt))
    .limit(50);
  const counts = await countDeliveries(
    tx,
    fanouts.map((fanout) => fanout.id),
  );
  return fanouts.map((fanout) => ({
    id: fanout.id,
    kind: fanout.kind as EventNoticeView["kind"],
    title: fanout.title,
    status: fanout.status,
    createdAt: fanout.createdAt.toISOString(),
    delivery: {
      app: { delivered: fanout.delivered, total: fanout.total },
      ...(counts.get(fanout.id) ?? { email: noCounts, sms: noCounts }),
    },
  }));
}
