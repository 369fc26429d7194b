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
import {
  type BookingStatus,
  bookingStatuses,
  type CancellationSource,
  type PaymentStatus,
  paymentStatuses,
} from "#contract/booking-status.ts";
import type { QuestionKind } from "#contract/event-questions.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { holds } from "#server/modules/holds/holds.schema.ts";
import { eventQuestions } from "#server/modules/questions/questions.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

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
    /** How it is paid: `free`, `venue` (pay at the venue) or a card provider's name (`stripe`). */
    paymentProvider: text("payment_provider").notNull(),
    /** Everything paid: tickets + fees + added tax. */
    totalMinor: integer("total_minor").notNull(),
    /** The booking fee within the total (card checkouts). */
    feesMinor: integer("fees_minor").notNull().default(0),
    /** Tax added on top within the total (exclusive rates). */
    taxMinor: integer("tax_minor").notNull().default(0),
    currency: text("currency").notNull(),
    /** What has been sent back (or is on its way back) to the card, within the total. */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** The card's last 4 digits, for the receipt (card payments). */
    cardLast4: text("card_last4"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    /** The promo or access code it was booked with, as it was (decision 036). */
    code: text("code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").$type<CancellationSource>(),
  },
  (t) => [
    uniqueIndex("bookings_reference").on(t.reference),
    uniqueIndex("bookings_hold").on(t.holdId),
    index("bookings_user_created").on(t.userId, t.createdAt),
    // An event's bookings, and the orders CSV's keyset (created_at, id) per event.
    index("bookings_event").on(t.eventId, t.createdAt, t.id),
    // The door desk finds a booking of its event by the last digits of its contact phone.
    index("bookings_event_contact_phone_suffix").on(
      t.eventId,
      sql`reverse(${t.contactPhone}) text_pattern_ops`,
    ),
    check("bookings_status_known", oneOf(t.status, bookingStatuses)),
    check("bookings_payment_status_known", oneOf(t.paymentStatus, paymentStatuses)),
    check("bookings_total_not_negative", sql`${t.totalMinor} >= 0`),
    check("bookings_refunded_within_total", sql`${t.refundedMinor} between 0 and ${t.totalMinor}`),
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
    /** After the code's discount. */
    unitPriceMinor: integer("unit_price_minor").notNull(),
    /** Taken off each ticket by the booking's code, 0 without one. */
    discountMinor: integer("discount_minor").notNull().default(0),
    currency: text("currency").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.ticketTypeId] }),
    check("booking_items_quantity_positive", sql`${t.quantity} > 0`),
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

/**
 * The answers given at checkout to the event's questions (decision 037): the order's
 * (`ticket_id` null) and each attendee's (the ticket). The label and kind are kept as
 * they were asked, so the order, the export and the door read the same later, also
 * after the question changes or goes. Erased with the buyer's account.
 */
export const bookingAnswers = pgTable(
  "booking_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => tickets.id, { onDelete: "cascade" }),
    questionId: uuid("question_id").references(() => eventQuestions.id, {
      onDelete: "set null",
    }),
    label: text("label").notNull(),
    kind: text("kind").$type<QuestionKind>().notNull(),
    value: text("value").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("booking_answers_booking").on(t.bookingId, t.position),
    index("booking_answers_ticket").on(t.ticketId).where(sql`${t.ticketId} is not null`),
  ],
);
