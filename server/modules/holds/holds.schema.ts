import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type HoldStatus, holdStatuses } from "#contract/hold-status.ts";
import { eventCodes } from "#server/modules/codes/codes.schema.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * A temporary reservation of tickets of one event for one user (decision 009). While its
 * status is `active` its items count in `ticket_types.taken`; leaving `active` (converted
 * into a booking, released, replaced or expired) is the only way those tickets go back,
 * and the statement that changes the status is the one that gives them back.
 */
export const holds = pgTable(
  "holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    status: text("status").$type<HoldStatus>().notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The promo or access code it was made with (decision 036): one use of it while live or booked. */
    codeId: uuid("code_id").references(() => eventCodes.id, { onDelete: "set null" }),
  },
  (t) => [
    // One live hold per user per event: a second concurrent hold fails on this index and
    // its whole statement (tickets included) is undone.
    uniqueIndex("holds_one_active_per_user_event")
      .on(t.userId, t.eventId)
      .where(sql`${t.status} = 'active'`),
    // The sweep: active holds by expiry.
    index("holds_active_expiry").on(t.expiresAt).where(sql`${t.status} = 'active'`),
    index("holds_active_event").on(t.eventId).where(sql`${t.status} = 'active'`),
    // A code's uses, counted under its row's lock.
    index("holds_code").on(t.codeId, t.userId).where(sql`${t.codeId} is not null`),
    check("holds_status_known", oneOf(t.status, holdStatuses)),
  ],
);

/** What a hold takes: per ticket type, how many, at what price when held. */
export const holdItems = pgTable(
  "hold_items",
  {
    holdId: uuid("hold_id")
      .notNull()
      .references(() => holds.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** After the code's discount. */
    unitPriceMinor: integer("unit_price_minor").notNull(),
    /** Taken off each ticket by the hold's code, 0 without one. */
    discountMinor: integer("discount_minor").notNull().default(0),
    currency: text("currency").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holdId, t.ticketTypeId] }),
    check("hold_items_discount", sql`${t.discountMinor} >= 0 and ${t.unitPriceMinor} >= 0`),
    index("hold_items_ticket_type").on(t.ticketTypeId),
    check("hold_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
