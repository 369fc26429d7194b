import { and, eq, inArray, sql } from "drizzle-orm";
import {
  ATTENDEE_MESSAGE_PROGRESS,
  type AttendeeMessageProgress,
  attendeeMessageRules,
} from "#contract/attendee-message-options.ts";
import { eventTicketsPath } from "#contract/paths.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import {
  emailText,
  type NotifyOptions,
  sendEmail,
} from "#server/modules/notifications/notifications.service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { publishRealtime, topics } from "#server/platform/realtime/publish.ts";
import { attendeeMessageRecipients, attendeeMessages } from "./attendee-messages.schema.ts";

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
 * different recipients, and a recipient being delivered is skipped, not waited for. For
 * each: a notification row, and an email or SMS queued in the outbox (decision 005) as
 * their settings allow; then `delivered_at` is set and the message's counters move, all
 * in the same transaction. A crash before the commit undoes the whole batch, which the
 * next worker takes again; after it, the recipients are never taken again. Exactly once.
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
    })
    .from(attendeeMessages)
    .innerJoin(events, eq(events.id, attendeeMessages.eventId))
    .where(eq(attendeeMessages.id, messageId));
  if (!message) return;
  const notice = {
    kind: "organizer-message" as const,
    title: `${message.eventTitle}: ${message.subject}`,
    body: message.body,
    link: eventTicketsPath(message.eventId),
  };
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, ...notice })));

  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      preferences: users.preferences,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  const emailed: string[] = [];
  const texted: string[] = [];
  for (const person of people) {
    if (person.deletedAt) continue;
    // Unset preferences mean yes, as for every other notice (profile settings).
    const wants = person.preferences.notifyBy ?? { email: true, sms: true };
    if (person.email && person.emailVerifiedAt && wants.email !== false) {
      await sendEmail(tx, deps, {
        to: person.email,
        subject: notice.title,
        text: emailText(notice, deps.publicUrl),
      });
      emailed.push(person.id);
    }
    if (message.smsAllowed && person.phone && person.phoneVerifiedAt && wants.sms !== false) {
      const text = `${notice.title}\n${message.body}`.slice(0, 600);
      if (deps.messages) await deps.messages.queueSms(tx, person.phone, text);
      else await queueSmsRow(tx, person.phone, text);
      texted.push(person.id);
    }
  }

  const mine = and(
    eq(attendeeMessageRecipients.messageId, messageId),
    inArray(attendeeMessageRecipients.userId, userIds),
  );
  await tx.update(attendeeMessageRecipients).set({ deliveredAt: new Date() }).where(mine);
  if (emailed.length) {
    await tx
      .update(attendeeMessageRecipients)
      .set({ emailed: true })
      .where(and(mine, inArray(attendeeMessageRecipients.userId, emailed)));
  }
  if (texted.length) {
    await tx
      .update(attendeeMessageRecipients)
      .set({ texted: true })
      .where(and(mine, inArray(attendeeMessageRecipients.userId, texted)));
  }
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

/** Without a message service (a step elsewhere), the row alone: its sweep sends it (decision 005). */
async function queueSmsRow(tx: Executor, to: string, text: string): Promise<void> {
  await tx.execute(
    sql`insert into outbound_messages (channel, destination, body) values ('sms', ${to}, ${text})`,
  );
}
