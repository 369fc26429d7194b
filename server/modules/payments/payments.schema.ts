import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Answers } from "#contract/event-questions.ts";
import {
  type CheckoutStatus,
  checkoutStatuses,
  type PaymentAccountState,
  paymentAccountStates,
  type SubscriptionStatusName,
  subscriptionStatuses,
} from "#contract/payment-options.ts";
import {
  type RefundSource,
  type RefundStatus,
  refundSources,
  refundStatuses,
} from "#contract/refund-status.ts";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { holds } from "#server/modules/holds/holds.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/** A business's account at the card processor, paid directly (Stripe Connect). */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    businessId: uuid("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    accountId: text("account_id").notNull(),
    state: text("state").$type<PaymentAccountState>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_accounts_account").on(t.provider, t.accountId),
    check("payment_accounts_state_known", oneOf(t.state, paymentAccountStates)),
  ],
);

/**
 * An attendee's name and answers (decision 037) as typed before paying, kept until the
 * booking is made.
 */
export type CheckoutAttendee = { name: string; answers?: Answers };

/**
 * A card checkout of one hold (one per hold: starting again reuses it). Everything the
 * booking needs once paid is kept here (attendees, contact email, the amounts), so the
 * return page, the webhook and the reconciliation can each make the booking, and the
 * row's lock makes it once.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => holds.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    provider: text("provider").notNull(),
    /** Set once the provider made its checkout (null while the start is in flight). */
    providerCheckoutId: text("provider_checkout_id"),
    url: text("url"),
    status: text("status").$type<CheckoutStatus>().notNull().default("open"),
    attendees: jsonb("attendees").$type<CheckoutAttendee[]>().notNull(),
    /** The order's answers to the event's questions, kept until the booking is made. */
    orderAnswers: jsonb("order_answers").$type<Answers>().notNull().default({}),
    contactEmail: text("contact_email"),
    /** Lower-case ISO 4217 as charged ("eur"); the hold's currency. */
    currency: text("currency").notNull(),
    ticketsMinor: integer("tickets_minor").notNull(),
    feesMinor: integer("fees_minor").notNull(),
    /** Tax added on top (exclusive rates); inclusive tax is inside ticketsMinor. */
    taxMinor: integer("tax_minor").notNull(),
    /** Inclusive tax contained in ticketsMinor, for the receipt. */
    includedTaxMinor: integer("included_tax_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    applicationFeeMinor: integer("application_fee_minor").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** What the provider charged, when paid (checked against totalMinor and currency). */
    paidAmountMinor: integer("paid_amount_minor"),
    paidCurrency: text("paid_currency"),
    paymentReference: text("payment_reference"),
    cardLast4: text("card_last4"),
    /** Why the last card was refused (shown on the hold page), cleared when paid. */
    lastError: text("last_error"),
    bookingId: uuid("booking_id").references(() => bookings.id),
    /** Why a paid checkout got no booking (late and sold out, amount mismatch). */
    problem: text("problem"),
    refundId: text("refund_id"),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("checkouts_hold").on(t.holdId),
    uniqueIndex("checkouts_provider_checkout").on(t.provider, t.providerCheckoutId),
    uniqueIndex("checkouts_booking").on(t.bookingId),
    index("checkouts_payment_reference").on(t.paymentReference),
    // Reconciliation: open checkouts past their expiry.
    index("checkouts_open_expiry").on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index("checkouts_event_problem").on(t.eventId).where(sql`${t.problem} is not null`),
    check("checkouts_status_known", oneOf(t.status, checkoutStatuses)),
    check(
      "checkouts_amounts_not_negative",
      sql`${t.ticketsMinor} >= 0 and ${t.feesMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.applicationFeeMinor} >= 0`,
    ),
    check(
      "checkouts_total_is_sum",
      sql`${t.totalMinor} = ${t.ticketsMinor} + ${t.feesMinor} + ${t.taxMinor}`,
    ),
  ],
);

/**
 * Every webhook event handled, by the provider's id: stored in the transaction that
 * handles it, so a repeat (the provider retries, or sends twice) finds it and does nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    kind: text("kind").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index("payment_events_received").on(t.receivedAt),
  ],
);

/** The Pro plan's subscription of a business at the processor; the plan follows its status. */
export const businessSubscriptions = pgTable(
  "business_subscriptions",
  {
    businessId: uuid("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The subscription checkout being paid (before the subscription exists). */
    providerCheckoutId: text("provider_checkout_id"),
    subscriptionId: text("subscription_id"),
    customerId: text("customer_id"),
    status: text("status").$type<SubscriptionStatusName>().notNull().default("incomplete"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("business_subscriptions_subscription").on(t.provider, t.subscriptionId),
    check("business_subscriptions_status_known", oneOf(t.status, subscriptionStatuses)),
  ],
);

/**
 * Card money sent back for some or all tickets of a booking (docs/decisions/029). Recorded
 * in the transaction that cancels those tickets (status `requested`), then sent to the
 * provider after the commit (`sendRefund`), or by the refund runner after a crash: the
 * provider's idempotency key is `refund:{id}:{attempt}`, so each attempt moves money once.
 * The provider's `refund.updated` webhooks move `pending` to `succeeded` or `failed`; a
 * failed refund may be retried (attempt + 1). Never more than the booking's total
 * (bookings.refunded_minor is raised in the same transaction).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    source: text("source").$type<RefundSource>().notNull(),
    /** What the organiser wrote (or the buyer chose), shown on the order and the credit note. */
    reason: text("reason"),
    /** Sent back in all, within the booking's total. */
    amountMinor: integer("amount_minor").notNull(),
    /** The booking fee's part of the amount (revenue: the platform's fees net of refunds). */
    feesMinor: integer("fees_minor").notNull().default(0),
    /** A cancellation fee kept back under the event's policy (buyer cancellations). */
    keptMinor: integer("kept_minor").notNull().default(0),
    currency: text("currency").notNull(),
    /** The tickets this refund cancelled (none: the money only). */
    ticketIds: uuid("ticket_ids").array().notNull().default(sql`'{}'::uuid[]`),
    status: text("status").$type<RefundStatus>().notNull().default("requested"),
    attempt: integer("attempt").notNull().default(1),
    provider: text("provider").notNull(),
    /** The payment refunded (Stripe: the PaymentIntent). */
    paymentReference: text("payment_reference").notNull(),
    /** The provider's refund of the current attempt, once it answered (or its webhook came). */
    providerRefundId: text("provider_refund_id"),
    /** Why the last attempt failed, in the provider's words. */
    failure: text("failure"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_provider_refund").on(t.provider, t.providerRefundId),
    index("refunds_booking").on(t.bookingId, t.createdAt),
    index("refunds_event").on(t.eventId, t.status),
    // The runner: refunds not yet accepted by the provider.
    index("refunds_requested").on(t.createdAt).where(sql`${t.status} = 'requested'`),
    // An event's cancellation refunds each booking once.
    uniqueIndex("refunds_event_cancelled_once")
      .on(t.bookingId)
      .where(sql`${t.source} = 'event-cancelled'`),
    check("refunds_status_known", oneOf(t.status, refundStatuses)),
    check("refunds_source_known", oneOf(t.source, refundSources)),
    check(
      "refunds_amounts",
      sql`${t.amountMinor} > 0 and ${t.feesMinor} between 0 and ${t.amountMinor} and ${t.keptMinor} >= 0 and ${t.attempt} >= 1`,
    ),
  ],
);
