import { eq, sql } from "drizzle-orm";
import {
  ATTENDEE_MESSAGE_PROGRESS,
  type AttendeeMessageProgress,
  attendeeMessageRules,
} from "#contract/attendee-message-options.ts";
import { eventTicketsPath } from "#contract/paths.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import type { NoticeChannel } from "#server/modules/notifications/notice-channels.ts";
import {
  type NotifyOptions,
  notifyUsers,
} from "#server/modules/notifications/notifications.service.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { publishRealtime, topics } from "#server/platform/realtime/publish.ts";
import { attendeeMessages } from "./attendee-messages.schema.ts";

export type DeliveryDeps = NotifyOptions & {
  /** Recipients per transaction. */
  batchSize?: number;
  /** Tests: runs inside the batch's transaction after the writes, before the commit. */
  beforeCommit?: () => Promise<void>;
};

/**
 * Delivers one batch of pending recipients, in one transaction, and answers how many.
 *
 * The batch is claimed with `FOR UPDATE SKIP LOCKED`: workers of several instances take
 * different recipients, and a recipient being delivered is skipped, not waited for. Each is
 * told through notifyUsers (the bell always, email and SMS as their settings allow,
 * queued in the outbox, decision 005); then `delivered_at` is set and the message's counters move, all
 * in the same transaction. A crash before the commit undoes the whole batch, which the
 * next worker takes again; after it, the recipients are never taken again. The keys
 * `{messageId}:{userId}` make each channel used once per person whatever happens.
 */
export async function deliverNextBatch(db: Database, deps: DeliveryDeps): Promise<number> {
  const size = deps.batchSize ?? attendeeMessageRules.batchSize;
  return db.transaction(async (tx) => {
    const claimed = await rowsOf<{ message_id: string; user_id: string }>(
      tx,
      sql`select message_id, user_id from attendee_message_recipients
          where delivered_at is null
          order by message_id, user_id
          limit ${size}
          for update skip locked`,
    );
    if (claimed.length === 0) return 0;
    const byMessage = new Map<string, string[]>();
    for (const row of claimed) {
      byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), row.user_id]);
    }
    for (const [messageId, userIds] of byMessage) {
      await deliverTo(tx, messageId, userIds, deps);
    }
    await deps.beforeCommit?.();
    return claimed.length;
  });
}

async function deliverTo(
  tx: Executor,
  messageId: string,
  userIds: string[],
  deps: DeliveryDeps,
): Promise<void> {
  const [message] = await tx
    .select({
      id: attendeeMessages.id,
      subject: attendeeMessages.subject,
      body: attendeeMessages.body,
      smsAllowed: attendeeMessages.smsAllowed,
      senderUserId: attendeeMessages.senderUserId,
      eventId: events.id,
      eventTitle: events.title,
      businessName: businesses.name,
    })
    .from(attendeeMessages)
    .innerJoin(events, eq(events.id, attendeeMessages.eventId))
    .innerJoin(businesses, eq(businesses.id, events.businessId))
    .where(eq(attendeeMessages.id, messageId));
  if (!message) return;
  // The one place picks each person's channels (notifications.service.ts); the key makes
  // a batch taken again after a crash add nothing on a channel already used.
  const title = `${message.eventTitle}: ${message.subject}`;
  const told = await notifyUsers(
    tx,
    userIds.map((userId) => ({
      userId,
      kind: "organizer-message" as const,
      title,
      body: message.body,
      link: eventTicketsPath(message.eventId),
      sms: `${title}\n${message.body}`.slice(0, 600),
      smsAllowed: message.smsAllowed,
      fromName: message.businessName,
      key: `${message.id}:${userId}`,
      sourceId: message.id,
    })),
    deps,
  );
  const by = (channel: NoticeChannel) =>
    userIds.filter((userId) => told.get(userId)?.channels.includes(channel));
  const emailed = by("email");
  const texted = by("sms");

  // One update for the batch: delivered, and by which channels (arrays, not a bound value
  // per person).
  const uuids = (ids: string[]) => `{${ids.join(",")}}`;
  await tx.execute(sql`
    update attendee_message_recipients
    set delivered_at = now(),
        emailed = user_id = any(${uuids(emailed)}::uuid[]),
        texted = user_id = any(${uuids(texted)}::uuid[])
    where message_id = ${messageId} and user_id = any(${uuids(userIds)}::uuid[])`);
  // The counters move under the message row's lock, so batches of several workers add up.
  const [progress] = await tx
    .update(attendeeMessages)
    .set({
      delivered: sql`${attendeeMessages.delivered} + ${userIds.length}`,
      emails: sql`${attendeeMessages.emails} + ${emailed.length}`,
      sms: sql`${attendeeMessages.sms} + ${texted.length}`,
      status: sql`case when ${attendeeMessages.delivered} + ${userIds.length} >= ${attendeeMessages.total} then 'sent' else 'sending' end`,
      finishedAt: sql`case when ${attendeeMessages.delivered} + ${userIds.length} >= ${attendeeMessages.total} then now() end`,
    })
    .where(eq(attendeeMessages.id, messageId))
    .returning({
      id: attendeeMessages.id,
      status: attendeeMessages.status,
      delivered: attendeeMessages.delivered,
      total: attendeeMessages.total,
      emails: attendeeMessages.emails,
      sms: attendeeMessages.sms,
    });
  if (progress && message.senderUserId) {
    await publishRealtime(tx, {
      topic: topics.user(message.senderUserId),
      kind: ATTENDEE_MESSAGE_PROGRESS,
      payload: progress satisfies AttendeeMessageProgress,
    });
  }
}
