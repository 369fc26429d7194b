import { eq, sql } from "drizzle-orm";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type {
  MessageService,
  MessageToQueue,
  QueueOptions,
} from "#server/platform/messages/message-service.ts";
import { insertOutboundMessages } from "#server/platform/messages/outbound-rows.ts";
import { chooseChannels, type NoticeChannel, type Reachable } from "./notice-channels.ts";
import { type NotificationKind, notifications } from "./notifications.schema.ts";

export type Notice = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app, e.g. `/booking_refrence?reference=K7QM-3TPX`. */
  link?: string | null;
  /**
   * Once per person and channel: telling the same key again (a retried batch, a worker
   * after a crash) adds nothing on a channel already used. Keys name what happened and
   * to whom, e.g. `booking-confirmed:{bookingId}`, `{fanoutId}:{userId}`.
   */
  key?: string;
  /** An event moved or cancelled: every channel the person has, whatever their settings. */
  always?: boolean;
  /** False: no SMS whatever the settings (the business's plan has none). */
  smsAllowed?: boolean;
  /** The email composed when delivered (e.g. the tickets); default: title, body, link. */
  email?: { template: string; ref: string };
  /** The SMS; default: the title and the link. */
  sms?: string;
  /** The sender name of the email (the business's); the address is ours. */
  fromName?: string;
  /** What the messages belong to (a fan-out, an attendee message), for delivery counts. */
  sourceId?: string;
};

export type NotifyOptions = {
  /**
   * Sends email and SMS through the message service (delivery job in the same transaction).
   * Null where no service is at hand (e.g. a step inside another module's transaction):
   * the message is written to the outbox as queued and the message service's periodic
   * sweep gives it its delivery job (decision 005), minutes later instead of seconds.
   */
  messages: MessageService | null;
  /** PUBLIC_URL, to turn the link into an address an email can carry; null: no link in it. */
  publicUrl: string | null;
};

export type Told = { channels: NoticeChannel[] };

/**
 * Tells one person something: the one place every message to a person goes through.
 * The channels follow `chooseChannels` (notice-channels.ts): a notification row (the
 * bell) always, an email and an SMS as their settings and what is verified allow. In the
 * caller's transaction, so a rolled-back change tells nobody; with a `key`, once per
 * person and channel however often it runs.
 */
export async function notifyUser(
  tx: Executor,
  notice: Notice,
  options: NotifyOptions,
): Promise<Told> {
  const told = await notifyUsers(tx, [notice], options);
  return told.get(notice.userId) ?? { channels: [] };
}

/**
 * notifyUser for many people at once (a batch of a fan-out or an attendee message): one
 * read of their accounts, one insert of their notifications and one queueing of all their
 * emails and SMS (MessageService.queueMany), whatever their number.
 */
export async function notifyUsers(
  tx: Executor,
  notices: Notice[],
  options: NotifyOptions,
): Promise<Map<string, Told>> {
  const ids = [...new Set(notices.map((notice) => notice.userId))];
  const people = ids.length
    ? await tx
        .select(reachableColumns)
        .from(users)
        .where(sql`${users.id} = any(${`{${ids.join(",")}}`}::uuid[])`)
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const told = new Map<string, Told>();
  const reached: { notice: Notice; person: Reachable; channels: NoticeChannel[] }[] = [];
  for (const notice of notices) {
    const person = byId.get(notice.userId);
    const channels = person ? chooseChannels(person, notice) : [];
    told.set(notice.userId, { channels });
    if (person && channels.length > 0) reached.push({ notice, person, channels });
  }
  if (reached.length === 0) return told;
  // One statement, the rows as one JSON parameter (see outbound-rows.ts).
  const rows = reached.map(({ notice }) => ({
    user_id: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link ?? null,
    key: channelKey(notice, "app") ?? null,
  }));
  await tx.execute(sql`
    insert into notifications (user_id, kind, title, body, link, key)
    select user_id, kind, title, body, link, key
    from json_to_recordset(${JSON.stringify(rows)}::json)
         as r(user_id uuid, kind text, title text, body text, link text, key text)
    on conflict (key) do nothing`);
  // Every email and SMS of the batch in one go: a constant number of statements, however
  // many people (no round trip per person).
  await queueMessages(
    tx,
    options,
    reached.flatMap(({ notice, person, channels }) =>
      messagesByChannel(person, notice, channels, options.publicUrl),
    ),
  );
  return told;
}

const reachableColumns = {
  id: users.id,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  phone: users.phone,
  phoneVerifiedAt: users.phoneVerifiedAt,
  preferences: users.preferences,
  deletedAt: users.deletedAt,
};

/** A notice's key on one channel: `{key}:{channel}`, unique per table (none without a key). */
function channelKey(notice: Notice, channel: NoticeChannel): string | undefined {
  return notice.key ? `${notice.key}:${channel}` : undefined;
}

/** The email and the SMS of one notice, on the channels chosen for its person. */
function messagesByChannel(
  person: Reachable,
  notice: Notice,
  channels: NoticeChannel[],
  publicUrl: string | null,
): MessageToQueue[] {
  const queueOptions = (channel: NoticeChannel): QueueOptions => ({
    key: channelKey(notice, channel),
    sourceId: notice.sourceId,
  });
  const messages: MessageToQueue[] = [];
  if (channels.includes("email") && person.email) {
    messages.push({
      ...queueOptions("email"),
      channel: "email",
      to: person.email,
      subject: notice.title,
      text: emailText(notice, publicUrl),
      fromName: notice.fromName,
      template: notice.email ? { name: notice.email.template, ref: notice.email.ref } : undefined,
    });
  }
  if (channels.includes("sms") && person.phone) {
    messages.push({
      ...queueOptions("sms"),
      channel: "sms",
      to: person.phone,
      text: notice.sms ?? smsText(notice, publicUrl),
    });
  }
  return messages;
}

export function emailText(notice: Pick<Notice, "body" | "link">, publicUrl: string | null): string {
  return notice.link && publicUrl
    ? `${notice.body}\n\n${new URL(notice.link, publicUrl).href}`
    : notice.body;
}

/** An SMS: the title and the link, short enough for two segments at most. */
export function smsText(notice: Pick<Notice, "title" | "link">, publicUrl: string | null): string {
  const link = notice.link && publicUrl ? ` ${new URL(notice.link, publicUrl).href}` : "";
  return `${notice.title.slice(0, 200)}${link}`;
}

type EmailOut = {
  to: string;
  subject: string;
  text: string;
  fromName?: string;
  template?: { name: string; ref: string };
};

/**
 * Messages through the service when there is one (rows and jobs), else straight into the
 * outbox as queued rows for the service's sweep: either way one multi-row insert.
 */
async function queueMessages(
  tx: Executor,
  options: NotifyOptions,
  messages: MessageToQueue[],
): Promise<void> {
  if (messages.length === 0) return;
  if (options.messages) await options.messages.queueMany(tx, messages);
  else await insertOutboundMessages(tx, messages);
}

/** One email, through the service when there is one, else straight into the outbox. */
export async function sendEmail(
  tx: Executor,
  options: NotifyOptions,
  message: EmailOut,
  queueOptions: QueueOptions = {},
): Promise<void> {
  await queueMessages(tx, options, [{ ...queueOptions, channel: "email", ...message }]);
}

/** One SMS, through the service when there is one, else straight into the outbox. */
export async function sendSms(
  tx: Executor,
  options: NotifyOptions,
  to: string,
  text: string,
  queueOptions: QueueOptions = {},
): Promise<void> {
  await queueMessages(tx, options, [{ ...queueOptions, channel: "sms", to, text }]);
}

/** A deleted account's notifications go with it (an account-deletion step). */
export async function deleteNotificationsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
