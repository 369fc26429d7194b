import {
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type AlertKind,
  type AlertUrgency,
  alertKinds,
  alertUrgencies,
} from "#contract/alert-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { teams } from "#server/modules/teams/teams.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * A live message to the members of one or more teams of a business (decision 020): from
 * the owner, or from the system about an event. `seq` orders the feed and pages it;
 * `dedupeKey` makes a system alert happen once however many requests race to raise it.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AlertKind>().notNull(),
    urgency: text("urgency").$type<AlertUrgency>().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alerts_seq").on(t.seq),
    uniqueIndex("alerts_dedupe").on(t.dedupeKey),
    index("alerts_business").on(t.businessId, t.seq),
    check("alerts_kind_known", oneOf(t.kind, alertKinds)),
    check("alerts_urgency_known", oneOf(t.urgency, alertUrgencies)),
  ],
);

/** The teams an alert was sent to: every member of each hears it. */
export const alertTeams = pgTable(
  "alert_teams",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.teamId] }), index("alert_teams_team").on(t.teamId)],
);

/** Each member acknowledges an alert for themselves, once. */
export const alertAcknowledgements = pgTable(
  "alert_acknowledgements",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);
