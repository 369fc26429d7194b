import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "#server/platform/auth/users.schema.ts";

/** What a notification is about, so a list can show an icon and a filter. */
export const notificationKinds = [
  "booking-confirmed",
  "booking-cancelled",
  "event-cancelled",
  "event-changed",
  "ticket-received",
  "ticket-taken-back",
  "organizer-message",
  "team-joined",
  "event-reminder",
  "payment-refunded",
  "waiting-list-offer",
  "waiting-list-lapsed",
  "waiting-list-closed",
  "webhook-disabled",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A message to one user, shown under the header bell; unread until opened. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path inside the app (e.g. `/booking_refrence?reference=K7QM-3TPX`). */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Once per person: a notice told twice under one key is kept once (notifyUser). */
    key: text("key"),
  },
  (t) => [
    uniqueIndex("notifications_key").on(t.key),
    index("notifications_user_created").on(t.userId, t.createdAt),
    index("notifications_user_unread").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * One notice to many people (an event moved or cancelled, a reminder): written with its
 * recipients in the transaction of the change, told batch by batch by the notice worker
 * (notice-fanout.ts), each person once per channel. Its outbound messages carry its id
 * as `source_id`, so the console can count them sent, failed and pending.
 */
export const noticeFanouts = pgTable(
  "notice_fanouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** At most one fan-out per key (e.g. `reminder:{eventId}`); null: no such rule. */
    key: text("key"),
    kind: text("kind").$type<NotificationKind>().notNull(),
    /** The event it is about, for the console's list of an event's notices. */
    eventId: uuid("event_id"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Default link; a recipient row may carry its own. */
    link: text("link"),
    /** Every channel the person has, whatever their settings (changes, cancellations). */
    always: boolean("always").notNull().default(false),
    total: integer("total").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    status: text("status").$type<"sending" | "sent">().notNull().default("sending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("notice_fanouts_key").on(t.key), index("notice_fanouts_event").on(t.eventId)],
);

/** One person of a fan-out; `delivered_at` is set in the batch that told them. */
export const noticeFanoutRecipients = pgTable(
  "notice_fanout_recipients",
  {
    fanoutId: uuid("fanout_id")
      .notNull()
      .references(() => noticeFanouts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** This person's own link (e.g. their booking), instead of the fan-out's. */
    link: text("link"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.fanoutId, t.userId] }),
    index("notice_fanout_recipients_pending")
      .on(t.fanoutId, t.userId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
