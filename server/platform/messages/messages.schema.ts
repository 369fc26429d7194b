import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const messageChannels = ["sms", "email"] as const;
export type MessageChannel = (typeof messageChannels)[number];
/**
 * `kept`: the outbox adapter kept it here instead of sending it (development, demo).
 * `withheld`: never to be sent, queued only so that a request for someone who has no
 * account does the same work as one for someone who has (nothing tells them apart).
 */
export const messageStatuses = ["queued", "sent", "kept", "failed", "withheld"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * Every SMS and email the product sends: queued in the same transaction as the change
 * that causes it, delivered by a job with retries. In development this table is the
 * outbox that /dev/outbox lists.
 */
export const outboundMessages = pgTable(
  "outbound_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<MessageChannel>().notNull(),
    destination: text("destination").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    html: text("html"),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    providerId: text("provider_id"),
    error: text("error"),
    /**
     * Once per person and channel: a message queued twice under one key is kept once
     * (e.g. `event-cancelled:{fanoutId}:{userId}:sms`). Null: no such rule.
     */
    key: text("key"),
    /** What the message belongs to (an attendee message, a notice fan-out), for counts. */
    sourceId: uuid("source_id"),
    /**
     * An email composed when it is delivered (HTML, attachments) by the composer of this
     * name (MessageService.addComposer), from `templateRef`; `body` is the plain fallback.
     */
    template: text("template"),
    templateRef: text("template_ref"),
    /** The sender's display name (e.g. the business); the address is always ours. */
    fromName: text("from_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbound_messages_destination").on(t.destination, t.createdAt),
    uniqueIndex("outbound_messages_key").on(t.key),
    index("outbound_messages_source").on(t.sourceId),
  ],
);
