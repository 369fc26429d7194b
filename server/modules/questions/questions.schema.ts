import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type QuestionKind,
  type QuestionScope,
  questionKinds,
  questionScopes,
} from "#contract/event-questions.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * A question an event asks at checkout (decision 037): its label, kind (text, choice,
 * checkbox, date), the choices of a `choice`, whether it must be answered, whether it is
 * asked once per order or per attendee, and the ticket types it is asked for (empty:
 * every type). The answers are the booking's (`booking_answers`, bookings module).
 */
export const eventQuestions = pgTable(
  "event_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    kind: text("kind").$type<QuestionKind>().notNull(),
    options: text("options").array().notNull().default(sql`'{}'::text[]`),
    required: boolean("required").notNull().default(false),
    scope: text("scope").$type<QuestionScope>().notNull(),
    ticketTypeIds: uuid("ticket_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("event_questions_event").on(t.eventId, t.position),
    check("event_questions_kind_known", oneOf(t.kind, questionKinds)),
    check("event_questions_scope_known", oneOf(t.scope, questionScopes)),
  ],
);
