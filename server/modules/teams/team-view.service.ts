import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import { events } from "#server/modules/events/events.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { requireOwnedTeam } from "./team-authoring.service.ts";
import { teamEvents, teamInvitations, teamMembers } from "./teams.schema.ts";

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export function invitationState(row: {
  acceptedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return new Date(row.expiresAt).getTime() > Date.now() ? "pending" : "expired";
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** An event as the team screens show it. */
export const eventColumns = {
  id: events.id,
  shortId: events.shortId,
  title: events.title,
  status: events.status,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  venueName: events.venueName,
};

export function eventView(row: {
  id: string;
  shortId: string;
  title: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string;
}) {
  return { ...row, startsAt: iso(row.startsAt), endsAt: iso(row.endsAt) };
}

/**
 * One team as its owner manages it: members (name, phone, email, role), invitations not
 * accepted (pending, expired or revoked, newest first), the events it works at that have
 * not ended, and the business's events it could be assigned to.
 */
export async function getTeam(db: Executor, userId: string, teamId: string) {
  const { business, team } = await requireOwnedTeam(db, userId, teamId);
  const members = await db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
      name: users.name,
      phone: users.phone,
      email: users.email,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt));
  const invitations = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), sql`${teamInvitations.acceptedAt} is null`))
    .orderBy(desc(teamInvitations.createdAt))
    .limit(50);
  const upcoming = and(
    eq(events.businessId, business.id),
    ne(events.status, "cancelled"),
    gt(events.endsAt, sql`now()`),
  );
  const assigned = await db
    .select(eventColumns)
    .from(teamEvents)
    .innerJoin(events, eq(events.id, teamEvents.eventId))
    .where(and(eq(teamEvents.teamId, teamId), upcoming))
    .orderBy(asc(events.startsAt));
  const choices = await db
    .select(eventColumns)
    .from(events)
    .where(upcoming)
    .orderBy(asc(events.startsAt))
    .limit(200);
  return {
    id: team.id,
    name: team.name,
    business: { id: business.id, name: business.name, plan: business.plan },
    members: members.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
    invitations: invitations.map((i) => ({
      id: i.id,
      channel: i.channel,
      destination: i.destination,
      role: i.role,
      state: invitationState(i),
      createdAt: iso(i.createdAt),
      expiresAt: iso(i.expiresAt),
    })),
    events: assigned.map(eventView),
    eventChoices: choices.map(eventView),
  };
}
