import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  },
  (t) => [
    index("notifications_user_created").on(t.userId, t.createdAt),
    index("notifications_user_unread").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
