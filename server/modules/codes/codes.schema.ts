import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { events } from "#server/modules/events/events.schema.ts";

/**
 * A promo or access code of one event (decision 036): what it takes off each ticket
 * (`percent` of the price, a `fixed` amount, or `none` for a code that only unlocks hidden
 * types), its limits, and the types it applies to (`ticket_type_ids`, empty: every public
 * type; a hidden type only when named). Uses are not counted here: they are the holds
 * made with it (`holds.code_id`) that are live or became bookings not cancelled, counted
 * under this row's lock when a hold takes one.
 */
export const eventCodes = pgTable(
  "event_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Upper case (`normalizeCode`), unique per event. */
    code: text("code").notNull(),
    discountKind: text("discount_kind").$type<"percent" | "fixed" | "none">().notNull(),
    /** Percent (1–100) or minor units per ticket; 0 for `none`. */
    discountValue: integer("discount_value").notNull().default(0),
    maxUses: integer("max_uses"),
    maxPerPerson: integer("max_per_person"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    ticketTypeIds: uuid("ticket_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("event_codes_event_code").on(t.eventId, t.code),
    index("event_codes_event").on(t.eventId, t.createdAt),
    check("event_codes_discount_kind", sql`${t.discountKind} in ('percent', 'fixed', 'none')`),
    check(
      "event_codes_discount_value",
      sql`(${t.discountKind} = 'percent' and ${t.discountValue} between 1 and 100)
        or (${t.discountKind} = 'fixed' and ${t.discountValue} > 0)
        or (${t.discountKind} = 'none' and ${t.discountValue} = 0)`,
    ),
    check("event_codes_max_uses", sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check("event_codes_max_per_person", sql`${t.maxPerPerson} is null or ${t.maxPerPerson} >= 1`),
    check(
      "event_codes_valid_window",
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`,
    ),
  ],
);
