import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneByName: text("undone_by_name"),
    undoReason: text("undo_reason"),
  },
  (t) => [
    uniqueIndex("check_ins_one_live_per_ticket").on(t.ticketId).where(sql`${t.undoneAt} is null`),
    index("check_ins_event_time").on(t.eventId, t.createdAt),
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
