import { sql } from "drizzle-orm";
import {
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
  type InvitationChannel,
  invitationChannels,
  type TeamRole,
  teamRoles,
} from "#contract/team-options.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/** Door staff of one business (decision 014): members, and the events they work at. */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("teams_business").on(t.businessId, t.createdAt)],
);

/** A user in a team, with one role there. */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<TeamRole>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user").on(t.userId),
    check("team_members_role_known", oneOf(t.role, teamRoles)),
  ],
);

/** An event a team works at (the business's own events only, checked on assignment). */
export const teamEvents = pgTable(
  "team_events",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** When the team was assigned: its members hear the door's news from then on. */
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.eventId] }), index("team_events_event").on(t.eventId)],
);

/**
 * An invitation to a phone or email that had no verified account. Only a hash of the
 * link's secret is kept. Pending while neither accepted nor revoked and not expired.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    channel: text("channel").$type<InvitationChannel>().notNull(),
    destination: text("destination").notNull(),
    role: text("role").$type<TeamRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("team_invitations_token").on(t.tokenHash),
    index("team_invitations_team").on(t.teamId, t.createdAt),
    // One open invitation per team and destination: inviting again replaces it.
    uniqueIndex("team_invitations_open")
      .on(t.teamId, t.destination)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("team_invitations_channel_known", oneOf(t.channel, invitationChannels)),
    check("team_invitations_role_known", oneOf(t.role, teamRoles)),
  ],
);
