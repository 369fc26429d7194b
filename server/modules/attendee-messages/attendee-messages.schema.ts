import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type AttendeeMessageStatus,
  attendeeMessageStatuses,
} from "#contract/attendee-message-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * A business owner's message to the ticket holders of one event (decision 023). The
 * recipients are fixed when it is sent (`attendee_message_recipients`); `delivered`,
 * `emails` and `sms` count what the delivery worker has done, batch by batch, and the
 * status turns `sent` when `delivered` reaches `total`.
 */
export const attendeeMessages = pgTable(
  "attendee_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Null: every ticket type of the event. */
    ticketTypeIds: uuid("ticket_type_ids").array(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Whether the plan allowed SMS when it was sent (holders' settings decide the rest). */
    smsAllowed: boolean("sms_allowed").notNull(),
    status: text("status").$type<AttendeeMessageStatus>().notNull().default("sending"),
    total: integer("total").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    emails: integer("emails").notNull().default(0),
    sms: integer("sms").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("attendee_messages_business").on(t.businessId, t.createdAt),
    check("attendee_messages_status_known", oneOf(t.status, attendeeMessageStatuses)),
    check("attendee_messages_delivered_within_total", sql`${t.delivered} <= ${t.total}`),
  ],
);

/**
 * One row per person a message is for: the durable queue of its delivery. The primary
 * key (message, user) makes a holder of several tickets one recipient; `delivered_at` is
 * set in the transaction that writes their notification and queues their email or SMS,
 * so each recipient is delivered exactly once, whatever crashes or restarts in between.
 */
export const attendeeMessageRecipients = pgTable(
  "attendee_message_recipients",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => attendeeMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    emailed: boolean("emailed").notNull().default(false),
    texted: boolean("texted").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    // The worker's queue: only what is left to deliver.
    index("attendee_message_recipients_pending")
      .on(t.messageId, t.userId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
