import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { events } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";

/** Order of arrival across all rooms: a sequence, so joining writes no shared row. */
export const waitingArrivals = pgSequence("waiting_arrivals", { cache: 1 });

/**
 * One person's place in one event's room (decision 033). Joining inserts the row; the
 * leader gives `place` (early arrivals by `draw_key` at the start, later ones by `seq`)
 * and sets `admitted_at` when the admission mark passes it.
 */
export const waitingPlaces = pgTable(
  "waiting_places",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Arrival order (`waiting_arrivals`); renewed when a lapsed person joins again. */
    seq: bigint("seq", { mode: "number" }).notNull().default(sql`nextval('waiting_arrivals')`),
    /** Joined before the sale start: placed by the draw, not by arrival. */
    early: boolean("early").notNull(),
    /** The early arrivals' order at the draw: random, drawn when they join. */
    drawKey: doublePrecision("draw_key").notNull().default(sql`random()`),
    place: integer("place"),
    admittedAt: timestamp("admitted_at", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("waiting_places_place").on(t.eventId, t.place),
    index("waiting_places_unplaced").on(t.eventId, t.seq).where(sql`${t.place} is null`),
    index("waiting_places_admitted")
      .on(t.eventId, t.admittedAt)
      .where(sql`${t.admittedAt} is not null`),
    // The live stream's grant: the rooms a person is in.
    index("waiting_places_user").on(t.userId),
  ],
);

/**
 * Where each room stands, written only by the leader (one instance at a time under an
 * advisory lock, once a tick): the draw, places given, the admission mark, sold out.
 */
export const waitingRoomStates = pgTable("waiting_room_states", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  drawnAt: timestamp("drawn_at", { withTimezone: true }),
  placed: integer("placed").notNull().default(0),
  admittedThrough: integer("admitted_through").notNull().default(0),
  admitPerMinute: doublePrecision("admit_per_minute").notNull().default(0),
  allHeld: boolean("all_held").notNull().default(false),
  soldOutAt: timestamp("sold_out_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
