import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type WaitingListStatus, waitingListStatuses } from "#contract/waiting-list.ts";
import { events, ticketTypes } from "#server/modules/events/events.schema.ts";
import { holds } from "#server/modules/holds/holds.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/** The order of the line across all lists: a sequence, so joining writes no shared row. */
export const waitingListOrder = pgSequence("waiting_list_order", { cache: 1 });

/**
 * One person in line for one ticket type (decision 034). At most one live entry
 * (waiting or offered) per person and type. An offer is a hold (`hold_id`) that lasts the
 * event's offer hours: its tickets count in `taken` like any hold's, so nobody else can
 * have them; the entry follows the hold (converted: claimed; anything else: lapsed).
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    status: text("status").$type<WaitingListStatus>().notNull().default("waiting"),
    /** Order in line (`waiting_list_order`): lower goes first. */
    seq: bigint("seq", { mode: "number" }).notNull().default(sql`nextval('waiting_list_order')`),
    holdId: uuid("hold_id").references(() => holds.id, { onDelete: "set null" }),
    offeredQuantity: integer("offered_quantity"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    offeredByHand: boolean("offered_by_hand").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waiting_list_entries_one_live")
      .on(t.userId, t.ticketTypeId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The line of a type, and the gate on public holds while anyone waits.
    index("waiting_list_entries_waiting")
      .on(t.ticketTypeId, t.seq)
      .where(sql`${t.status} = 'waiting'`),
    // Open offers, which the worker settles when their hold ends.
    index("waiting_list_entries_offered").on(t.holdId).where(sql`${t.status} = 'offered'`),
    index("waiting_list_entries_event").on(t.eventId, t.ticketTypeId),
    index("waiting_list_entries_user").on(t.userId),
    check("waiting_list_entries_status_known", oneOf(t.status, waitingListStatuses)),
    check("waiting_list_entries_quantity", sql`${t.quantity} between 1 and 100`),
  ],
);
