import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type DoorConflictReason, doorConflictReasons } from "#contract/door-offline.ts";
import { type TicketStatus, ticketStatuses } from "#contract/ticket-status.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * One admission at the door (decision 019). A ticket has at most one live check-in: the
 * partial unique index is the backstop behind the admitting statement. An undone
 * check-in stays, with who undid it and why, for the ticket's history and the report.
 * `event_id` has no foreign key on purpose: every insert would take a KEY SHARE lock on
 * the one event row that all the door's devices write under at once (multixact
 * contention); the ticket's key already ties the row to its event and cascades.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The ticket's event, for the door's queries; no foreign key (see below). */
    eventId: uuid("event_id").notNull(),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as it was at the door (the account may be renamed or deleted later). */
    staffName: text("staff_name").notNull(),
    deviceId: text("device_id").notNull(),
    method: text("method").$type<"scan" | "manual">().notNull(),
    /**
     * Admitted by a device without a network and uploaded later (decision 030); its
     * `created_at` is then the device's time of the admission.
     */
    offline: boolean("offline").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneByName: text("undone_by_name"),
    undoReason: text("undo_reason"),
  },
  (t) => [
    uniqueIndex("check_ins_one_live_per_ticket").on(t.ticketId).where(sql`${t.undoneAt} is null`),
    // The door's recent check-ins and the check-ins CSV's keyset (created_at, id) per event.
    index("check_ins_event_time").on(t.eventId, t.createdAt, t.id),
    // The team report's live figures by index-only scans (issue 27): by staff (a staff
    // name, at most 100 characters as a profile allows, fits an index entry's limit of
    // about 2.7 kB), over time, and the undone ones (that index written only by an undo).
    index("check_ins_live_staff")
      .on(t.eventId, t.staffUserId, t.staffName, t.method)
      .where(sql`${t.undoneAt} is null`),
    index("check_ins_live_time").on(t.eventId, t.createdAt).where(sql`${t.undoneAt} is null`),
    index("check_ins_undone").on(t.eventId).where(sql`${t.undoneAt} is not null`),
    check("check_ins_method_known", oneOf(t.method, ["scan", "manual"])),
  ],
);

/**
 * The first answer to each scan, by the scanning user and their `scanId`: a retried
 * request (flaky network) gets the same verdict, never a false "already checked in".
 */
export const checkInScans = pgTable(
  "check_in_scans",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scanId: text("scan_id").notNull(),
    /** The ticket's event, for the door's queries; no foreign key (see below). */
    eventId: uuid("event_id").notNull(),
    verdict: jsonb("verdict"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scanId] }),
    index("check_in_scans_time").on(t.createdAt),
  ],
);

/**
 * A ticket let in by an offline device that the server could not admit when the device
 * uploaded it (decision 030): already in by another check-in (a double entry), cancelled
 * or given away before the device knew. The person is inside either way: the conflict is
 * kept for the ticket's history, counted in the team report and alerted to the event's
 * teams once. `keptCheckInId` is the admission that stands (null when none does).
 */
export const checkInConflicts = pgTable(
  "check_in_conflicts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The ticket's event; no foreign key, as for `check_ins`. */
    eventId: uuid("event_id").notNull(),
    keptCheckInId: uuid("kept_check_in_id").references(() => checkIns.id, {
      onDelete: "set null",
    }),
    reason: text("reason").$type<DoorConflictReason>().notNull(),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    deviceId: text("device_id").notNull(),
    /** The device's time of its admission. */
    admittedAt: timestamp("admitted_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("check_in_conflicts_event").on(t.eventId, t.createdAt),
    index("check_in_conflicts_ticket").on(t.ticketId),
    // The check-ins CSV's keyset: conflicts sit at the device's time among the check-ins.
    index("check_in_conflicts_event_admitted").on(t.eventId, t.admittedAt, t.id),
    check("check_in_conflicts_reason_known", oneOf(t.reason, doorConflictReasons)),
  ],
);

/**
 * How many tickets of a type are in each status (issue 27): the door's and the team
 * report's counts without reading 100,000 ticket rows, whose pages a live door keeps
 * changing (so an index-only count would visit them all anyway). Kept by the statement
 * triggers `ticket_status_counts_*` on `tickets` (custom migration
 * `ticket_status_counts`), so that every writer, bulk SQL included, keeps them exact in
 * its own transaction. A type's count is the sum over `shard`s: each transaction adds to
 * the row of its connection (`pg_backend_pid() % 64`), so the door's concurrent scans
 * do not queue on one counter row.
 */
export const ticketStatusCounts = pgTable(
  "ticket_status_counts",
  {
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    status: text("status").$type<TicketStatus>().notNull(),
    shard: smallint("shard").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketTypeId, t.status, t.shard] }),
    check("ticket_status_counts_status_known", oneOf(t.status, ticketStatuses)),
  ],
);
