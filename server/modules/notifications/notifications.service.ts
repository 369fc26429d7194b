import { eq } from "drizzle-orm";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import { outboundMessages } from "#server/platform/messages/messages.schema.ts";
import { type NotificationKind, notifications } from "./notifications.schema.ts";

export type Notice = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app, e.g. `/booking_refrence?reference=K7QM-3TPX`. */
  link?: string | null;
};

export type NotifyOptions = {
  /**
   * Sends the email through the message service (delivery job in the same transaction).
   * Null where no service is at hand (e.g. a step inside another module's transaction):
   * the email is written to the outbox as queued and the message service's periodic
   * sweep gives it its delivery job (decision 005), minutes later instead of seconds.
   */
  messages: MessageService | null;
  /** PUBLIC_URL, to turn the link into an address an email can carry; null: no link in it. */
  publicUrl: string | null;
};

/**
 * Tells one user something: a notification row (the bell), and an email when the account
 * has a verified address and its preferences allow email (unset means yes). In the
 * caller's transaction, so a rolled-back change notifies nobody.
 */
export async function notifyUser(
  tx: Executor,
  notice: Notice,
  options: NotifyOptions,
): Promise<{ id: string; emailed: boolean }> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("notification not inserted");
  const [user] = await tx
    .select({
      email: users.email,
      verified: users.emailVerifiedAt,
      preferences: users.preferences,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, notice.userId));
  const wantsEmail = user?.preferences.notifyBy?.email !== false;
  if (!user?.email || !user.verified || user.deletedAt || !wantsEmail) {
    return { id: row.id, emailed: false };
  }
  await sendEmail(tx, options, {
    to: user.email,
    subject: notice.title,
    text: emailText(notice, options.publicUrl),
  });
  return { id: row.id, emailed: true };
}

export function emailText(notice: Pick<Notice, "body" | "link">, publicUrl: string | null): string {
  return notice.link && publicUrl
    ? `${notice.body}\n\n${new URL(notice.link, publicUrl).href}`
    : notice.body;
}

/** One email, through the service when there is one, else straight into the outbox. */
export async function sendEmail(
  tx: Executor,
  options: NotifyOptions,
  message: { to: string; subject: string; text: string },
): Promise<void> {
  if (options.messages) {
    await options.messages.queueEmail(tx, message);
    return;
  }
  await tx.insert(outboundMessages).values({
    channel: "email",
    destination: message.to,
    subject: message.subject,
    body: message.text,
  });
}

/** A deleted account's notifications go with it (an account-deletion step). */
export async function deleteNotificationsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
