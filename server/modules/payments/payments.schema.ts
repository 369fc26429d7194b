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
import {
  type CheckoutStatus,
  checkoutStatuses,
  type PaymentAccountState,
  paymentAccountStates,
  type SubscriptionStatusName,
  subscriptionStatuses,
} from "#contract/payment-options.ts";
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

/** An attendee's name as typed before paying, kept until the booking is made. */
export type CheckoutAttendee = { name: string };

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
