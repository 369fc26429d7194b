import { sql } from "drizzle-orm";
import {
  bigint,
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
import { type TicketStatus, ticketStatuses } from "#contract/ticket-status.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";
import { uuidKeyOf } from "#server/platform/db/table-key.ts";
import { type AssignmentStatus, assignmentStatuses } from "./assignment-status.ts";

/** Tickets belong to bookings; the bookings module sits above this one. */
const bookingKey = uuidKeyOf("bookings");

/**
 * One admission. `generation` is signed into the QR token and bumped whenever the ticket
 * changes hands, so the old QR stops working at once; `secret` and `manualCode` (what door
 * staff type when a QR will not scan) are replaced at the same time. A valid or
 * checked-in ticket counts in its type's `taken`; cancelling gives it back.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingKey, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id),
    /** Null while a ticket given away waits to be claimed with its share link. */
    holderUserId: uuid("holder_user_id").references(() => users.id),
    attendeeName: text("attendee_name").notNull(),
    secret: text("secret").notNull(),
    generation: integer("generation").notNull().default(1),
    /** Backfill for rows older than the column; new rows get one from `newManualCode`. */
    manualCode: text("manual_code")
      .notNull()
      .default(sql`upper(substr(translate(md5(random()::text), '01', 'xy'), 1, 10))`),
    status: text("status").$type<TicketStatus>().notNull().default("valid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * The transaction (`pg_current_xact_id()`) that last changed what a door device keeps
     * of the ticket (status, generation, manual code, name), set by the trigger
     * `tickets_door_change` (migration 0018): an offline door asks for the tickets changed
     * since the oldest transaction still running at its last sync (decision 030).
     */
    doorXid: bigint("door_xid", { mode: "number" })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
  },
  (t) => [
    uniqueIndex("tickets_secret").on(t.secret),
    uniqueIndex("tickets_event_manual_code").on(t.eventId, t.manualCode),
    index("tickets_booking").on(t.bookingId),
    index("tickets_holder").on(t.holderUserId, t.status),
    index("tickets_event").on(t.eventId, t.status),
    index("tickets_event_door_change").on(t.eventId, t.doorXid),
    // The door desk's search (checkin/door-search.ts): a name by any part of it (3+
    // characters, pg_trgm; no pending list, which every search would read through), by
    // its start for shorter input, and the event's tickets in the desk's order (not yet
    // admitted first, then by name), which a common name's matches are read in until 20.
    index("tickets_attendee_name_trgm")
      .using("gin", t.attendeeName.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("tickets_event_attendee_prefix").on(
      t.eventId,
      sql`lower(${t.attendeeName}) text_pattern_ops`,
    ),
    index("tickets_event_desk_order").on(
      t.eventId,
      sql`(${t.status} <> 'valid')`,
      t.attendeeName,
      t.id,
    ),
    // The attendees CSV's keyset: an event's tickets by id.
    index("tickets_event_id").on(t.eventId, t.id),
    check("tickets_status_known", oneOf(t.status, ticketStatuses)),
    // The QR token carries the generation in two bytes (decision 013).
    check("tickets_generation_range", sql`${t.generation} between 1 and 65535`),
  ],
);

/**
 * Ed25519 keys that sign ticket QR tokens, shared by every instance (like the session
 * signing keys: the private key sealed with APP_SECRET). `kid` is a small number because
 * the token carries it in two bytes. A retired key no longer signs but keeps verifying:
 * tickets already printed or screenshotted stay good (decision 013).
 */
export const ticketSigningKeys = pgTable(
  "ticket_signing_keys",
  {
    kid: integer("kid").primaryKey(),
    /** The raw 32-byte public key, base64url (the JWK's `x`). */
    publicKey: text("public_key").notNull(),
    privateKeyEncrypted: text("private_key_encrypted").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [check("ticket_signing_keys_kid_range", sql`${t.kid} between 1 and 65535`)],
);

/**
 * One passing-on of a ticket, kept for its history. `account`: the recipient's verified
 * phone or email matched an account and the ticket moved at once; `sms` / `email`: a
 * share link went out and the ticket waits (holder null) until claimed with it.
 */
export const ticketAssignments = pgTable(
  "ticket_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    fromUserId: uuid("from_user_id").references(() => users.id, { onDelete: "set null" }),
    fromName: text("from_name").notNull(),
    /** The attendee name before, given back on undo. */
    previousAttendeeName: text("previous_attendee_name").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientPhone: text("recipient_phone"),
    recipientEmail: text("recipient_email"),
    recipientUserId: uuid("recipient_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    channel: text("channel").$type<"account" | "sms" | "email">().notNull(),
    shareTokenHash: text("share_token_hash"),
    status: text("status").$type<AssignmentStatus>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("ticket_assignments_ticket").on(t.ticketId, t.createdAt),
    uniqueIndex("ticket_assignments_idempotency").on(t.fromUserId, t.idempotencyKey),
    check("ticket_assignments_status_known", oneOf(t.status, assignmentStatuses)),
    check("ticket_assignments_channel_known", oneOf(t.channel, ["account", "sms", "email"])),
  ],
);

/**
 * An Apple Wallet device that holds a ticket's pass and asked to hear of changes (Apple's
 * PassKit web service). Kept per device, pass type and ticket (the pass's serial number),
 * as Apple registers them; `pushToken` is where APNs reaches the device when the pass changes.
 */
export const walletDeviceRegistrations = pgTable(
  "wallet_device_registrations",
  {
    deviceLibraryId: text("device_library_id").notNull(),
    passTypeId: text("pass_type_id").notNull(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    pushToken: text("push_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The pass's last change this device was pushed (or had when it registered). */
    pushedAt: timestamp("pushed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.ticketId] }),
    index("wallet_device_registrations_ticket").on(t.ticketId),
  ],
);

/**
 * A Google Wallet object a save link was made for (`{issuerId}.{ticketId}-{generation}`).
 * Google creates it when the person saves it; once the ticket is passed on or no longer
 * valid, it is set INACTIVE through Google's API (`wallet-google-sync.ts`), then `closedAt`.
 */
export const walletGoogleObjects = pgTable(
  "wallet_google_objects",
  {
    objectId: text("object_id").primaryKey(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("wallet_google_objects_open").on(t.ticketId).where(sql`${t.closedAt} is null`)],
);
