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
import { users } from "../accounts/accounts.schema.ts";
import { events, ticketTypes } from "../events/events.schema.ts";
import { holds } from "../inventory/inventory.schema.ts";
import type {
  BookingStatus,
  CancellationSource,
  PaymentStatus,
  TicketStatus,
} from "./booking-status.ts";

/**
 * A confirmed purchase, made from one hold (`hold_id` unique: a hold becomes at most one
 * booking). `reference` is what people read out (e.g. `K7QM-3TPX`). The contact columns
 * keep the phone and email used at booking time, so a visitor can look the booking up by
 * reference and contact even after the account changes them.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => holds.id),
    status: text("status").$type<BookingStatus>().notNull().default("confirmed"),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull(),
    /** The PaymentProvider's name: `free` or `venue` (pay at the venue). */
    paymentProvider: text("payment_provider").notNull(),
    totalMinor: integer("total_minor").notNull(),
    currency: text("currency").notNull(),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").$type<CancellationSource>(),
  },
  (t) => [
    uniqueIndex("bookings_reference").on(t.reference),
    uniqueIndex("bookings_hold").on(t.holdId),
    index("bookings_user_created").on(t.userId, t.createdAt),
    index("bookings_event").on(t.eventId),
    check("bookings_status_known", sql`${t.status} in ('confirmed', 'cancelled', 'refunded')`),
    check(
      "bookings_payment_status_known",
      sql`${t.paymentStatus} in ('not-required', 'unpaid', 'paid', 'refunded')`,
    ),
    check("bookings_total_not_negative", sql`${t.totalMinor} >= 0`),
  ],
);

/** A booking's lines: per ticket type, the name and price as they were when booked. */
export const bookingItems = pgTable(
  "booking_items",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    currency: text("currency").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.ticketTypeId] }),
    check("booking_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * One admission. `secret` is random and never shown: the tickets module signs QR tokens
 * with it, and replacing it (on reassignment) makes the old QR stop working. A valid or
 * checked-in ticket counts in its type's `taken`; cancelling gives it back.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id),
    holderUserId: uuid("holder_user_id").references(() => users.id),
    attendeeName: text("attendee_name").notNull(),
    secret: text("secret").notNull(),
    status: text("status").$type<TicketStatus>().notNull().default("valid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("tickets_secret").on(t.secret),
    index("tickets_booking").on(t.bookingId),
    index("tickets_holder").on(t.holderUserId, t.status),
    index("tickets_event").on(t.eventId, t.status),
    check("tickets_status_known", sql`${t.status} in ('valid', 'checked-in', 'cancelled')`),
  ],
);

/**
 * A client-chosen key per user and operation: the first request with it records what it
 * made (a hold or a booking); a retry, or a twin in flight that waits on this primary
 * key, answers with that same thing instead of making another. Purged after a day.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id").notNull(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    holdId: uuid("hold_id"),
    bookingId: uuid("booking_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index("idempotency_keys_created").on(t.createdAt),
  ],
);
