import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  MAX_CANCELLATION_DEADLINE_HOURS,
  MAX_CANCELLATION_FEE_PERCENT,
} from "#contract/cancellation-policy.ts";
import { type EventCategory, type EventStatus, eventStatuses } from "#contract/event-options.ts";
import {
  MAX_TAX_RATE_BP,
  type TicketPaymentMethod,
  ticketPaymentMethods,
} from "#contract/payment-options.ts";
import { DEFAULT_OFFER_HOURS, MAX_OFFER_HOURS, MIN_OFFER_HOURS } from "#contract/waiting-list.ts";
import { MAX_CHECKOUT_CAPACITY } from "#contract/waiting-room.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A cover image as the server keeps it: re-encoded to WebP at two sizes, so what is
 * served never contains what was uploaded (metadata, scripts in SVG, oversized pixels).
 * Kept in the database so that every instance serves every image (decision 008).
 */
export const eventImages = pgTable("event_images", {
  id: uuid("id").primaryKey().defaultRandom(),
  businessId: uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  large: bytea("large").notNull(),
  small: bytea("small").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Dates of one event that repeats (decision 035): each date is an event of its own (its
 * capacity, tickets, check-in), made as a copy of another date; `rule` records how the
 * organiser asked for them (weekdays and the last day), null for dates added one by one.
 */
export const eventSeries = pgTable("event_series", {
  id: uuid("id").primaryKey().defaultRandom(),
  businessId: uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  rule: jsonb("rule").$type<{ weekdays: number[]; untilLocal: string } | null>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An event. Times are UTC; `timeZone` (IANA) is how they are entered and shown. The
 * public URL is `/{slug}-{shortId}` or `/{shortId}`: the short id alone finds it, so a
 * title change never breaks a shared link.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shortId: text("short_id").notNull(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Plain text with a small safe markup (paragraphs, **bold**, _italic_, lists, links). */
    description: text("description").notNull().default(""),
    venueName: text("venue_name").notNull(),
    venueAddress: text("venue_address").notNull().default(""),
    timeZone: text("time_zone").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    category: text("category").$type<EventCategory>().notNull(),
    /** The series this event is a date of; null for a one-off event. */
    seriesId: uuid("series_id").references(() => eventSeries.id, { onDelete: "set null" }),
    coverImageId: uuid("cover_image_id").references(() => eventImages.id, {
      onDelete: "set null",
    }),
    status: text("status").$type<EventStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Whether attendees may cancel their own bookings before the start (bookings module). */
    attendeeCancellation: boolean("attendee_cancellation").notNull().default(true),
    /**
     * The cancellation policy (contract/cancellation-policy.ts): buyers may cancel until
     * this many hours before the start (0: until the start) ...
     */
    cancellationDeadlineHours: integer("cancellation_deadline_hours").notNull().default(0),
    /** ... and keep this share of the refund back as a fee (0: refunded in full). */
    cancellationFeePercent: integer("cancellation_fee_percent").notNull().default(0),
    /** Tax in basis points (2000 = 20 %), 0 for none; card checkouts show it (decision 028). */
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    /** Whether ticket prices include the tax (else it is added on top). */
    taxInclusive: boolean("tax_inclusive").notNull().default(true),
    /**
     * Door devices keep the attendees' names and codes for searching offline when the
     * event has at most this many tickets (0: never); scanning works offline at any size
     * (decision 030).
     */
    offlineSearchLimit: integer("offline_search_limit").notNull().default(25000),
    /**
     * How long a waiting list offer holds its tickets for the person offered them
     * (server/modules/waiting-list, decision 034).
     */
    waitingListOfferHours: integer("waiting_list_offer_hours")
      .notNull()
      .default(DEFAULT_OFFER_HOURS),
    /** Whether holders get a reminder 24 hours before the start (events/event-reminders.ts). */
    reminders: boolean("reminders").notNull().default(true),
    /** When the reminder fan-out of this event was started; once, also when it is moved. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** Full-text search over title (A), venue (B) and description (C). */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, ${events.title}), 'A') || setweight(to_tsvector('english'::regconfig, ${events.venueName} || ' ' || ${events.venueAddress}), 'B') || setweight(to_tsvector('english'::regconfig, ${events.description}), 'C')`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("events_short_id").on(t.shortId),
    index("events_business").on(t.businessId, t.startsAt),
    index("events_series").on(t.seriesId, t.startsAt).where(sql`${t.seriesId} is not null`),
    // Discovery: published events by start time, whole or per category.
    index("events_published_start").on(t.startsAt, t.id).where(sql`${t.status} = 'published'`),
    index("events_published_category_start")
      .on(t.category, t.startsAt)
      .where(sql`${t.status} = 'published'`),
    // fastupdate off: new events go straight into the index instead of a pending list
    // that the planner cannot cost well until vacuum merges it (it then scans the table).
    // Events are written rarely; searches are constant.
    index("events_search").using("gin", t.search).with({ fastupdate: false }),
    check("events_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("events_status_known", oneOf(t.status, eventStatuses)),
    check("events_tax_rate", sql`${t.taxRateBp} between 0 and ${sql.raw(String(MAX_TAX_RATE_BP))}`),
    check("events_offline_search_limit", sql`${t.offlineSearchLimit} between 0 and 1000000`),
    check(
      "events_waiting_list_offer_hours",
      sql`${t.waitingListOfferHours} between ${sql.raw(String(MIN_OFFER_HOURS))} and ${sql.raw(String(MAX_OFFER_HOURS))}`,
    ),
    check(
      "events_cancellation_policy",
      sql`${t.cancellationDeadlineHours} between 0 and ${sql.raw(String(MAX_CANCELLATION_DEADLINE_HOURS))} and ${t.cancellationFeePercent} between 0 and ${sql.raw(String(MAX_CANCELLATION_FEE_PERCENT))}`,
    ),
  ],
);

/**
 * What can be bought for an event. `taken` counts tickets held or booked; the CHECK is
 * the backstop that makes overselling impossible whatever the code above it does.
 */
export const ticketTypes = pgTable(
  "ticket_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Integer minor units (cents); 0 is free. */
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    capacity: integer("capacity").notNull(),
    taken: integer("taken").notNull().default(0),
    perOrderLimit: integer("per_order_limit").notNull().default(10),
    /** How a priced ticket is paid: at the venue, or by card in a hosted checkout. */
    paymentMethod: text("payment_method").$type<TicketPaymentMethod>().notNull().default("venue"),
    salesStartAt: timestamp("sales_start_at", { withTimezone: true }),
    salesEndAt: timestamp("sales_end_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
    /** People may join a waiting list when it sells out (decision 034); the organiser may close it. */
    waitingList: boolean("waiting_list").notNull().default(true),
    /**
     * Not shown to the public nor sold to it: only with a code that names it (guests,
     * press, staff; decision 036).
     */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_types_event").on(t.eventId, t.position),
    check("ticket_types_price_not_negative", sql`${t.priceMinor} >= 0`),
    check("ticket_types_capacity_positive", sql`${t.capacity} > 0`),
    check(
      "ticket_types_taken_within_capacity",
      sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`,
    ),
    check("ticket_types_payment_method_known", oneOf(t.paymentMethod, ticketPaymentMethods)),
    check("ticket_types_per_order_limit", sql`${t.perOrderLimit} between 1 and 100`),
    check(
      "ticket_types_sales_window",
      sql`${t.salesStartAt} is null or ${t.salesEndAt} is null or ${t.salesEndAt} > ${t.salesStartAt}`,
    ),
  ],
);

/**
 * An event's waiting room, as its organiser set it (decision 033): on or off, when the
 * sale opens, how many checkouts may be open at once. The room itself (places, the
 * admission mark) belongs to the waiting-room module.
 */
export const eventWaitingRooms = pgTable(
  "event_waiting_rooms",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(true),
    saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }).notNull(),
    checkoutCapacity: integer("checkout_capacity").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "event_waiting_rooms_capacity",
      sql`${t.checkoutCapacity} between 1 and ${sql.raw(String(MAX_CHECKOUT_CAPACITY))}`,
    ),
  ],
);
