import { and, eq, sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import type { MembershipResolver } from "#server/platform/callable/registry.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { TeamRole } from "./team-options.ts";
import { teamEvents, teamMembers, teams } from "./teams.schema.ts";

/**
 * Who may act for a team, an event at the door, or a business's door staff (decision
 * 014). `owner`: the owner of the business the thing belongs to, who may do everything;
 * `coordinator` and `staff`: a member of a team (assigned to the event), with that role.
 * Always read from the database, so a member removed a moment ago has no access on their
 * very next request. Every door function asks here, through the registry's membership
 * scopes `team`, `event` and `business` (`membershipResolvers` below).
 */
export type DoorRole = "owner" | TeamRole;

/** Coordinator outranks staff when someone is in several teams of one event or business. */
function best(roles: TeamRole[]): TeamRole | null {
  if (roles.includes("coordinator")) return "coordinator";
  return roles.includes("staff") ? "staff" : null;
}

/** The caller's role for team `teamId`, or null (also for an id that cannot be a team). */
export async function teamRoleOf(
  db: Executor,
  userId: string,
  teamId: string,
): Promise<DoorRole | null> {
  if (!isUuid(teamId)) return null;
  const [row] = await db
    .select({ ownerId: businesses.ownerId, role: teamMembers.role })
    .from(teams)
    .innerJoin(businesses, eq(businesses.id, teams.businessId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.id, teamId));
  if (!row) return null;
  if (row.ownerId === userId) return "owner";
  return row.role ?? null;
}

/**
 * The caller's role at the door of event `eventId`: its business's owner, or a member of
 * a team assigned to it (the best role when in several); null for anyone else.
 */
export async function eventRoleOf(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<DoorRole | null> {
  if (!isUuid(eventId)) return null;
  // One round trip: every scan at the door asks this (checkin.scan's slower paths).
  const [row] = await db
    .select({
      ownerId: businesses.ownerId,
      roles: sql<TeamRole[] | null>`(
        select array_agg(m.role) from ${teamEvents} te
        join ${teamMembers} m on m.team_id = te.team_id
        where te.event_id = ${events.id} and m.user_id = ${userId})`,
    })
    .from(events)
    .innerJoin(businesses, eq(businesses.id, events.businessId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  if (row.ownerId === userId) return "owner";
  // A text array on both drivers; null when the caller is in no team of the event.
  return best(row.roles ?? []);
}

/** The caller's role for business `businessId`'s door staff: owner, or their best team role. */
export async function businessRoleOf(
  db: Executor,
  userId: string,
  businessId: string,
): Promise<DoorRole | null> {
  if (!isUuid(businessId)) return null;
  const [business] = await db
    .select({ ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) return null;
  if (business.ownerId === userId) return "owner";
  const rows = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.businessId, businessId), eq(teamMembers.userId, userId)));
  return best(rows.map((r) => r.role));
}

/** Whether the user is in any team at all (the header shows the coordinator's section). */
export async function isTeamMember(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row !== undefined;
}

const resolverOf =
  (roleOf: (db: Executor, userId: string, id: string) => Promise<DoorRole | null>) =>
  async (...[db, auth, id]: Parameters<MembershipResolver>) => {
    const role = await roleOf(db, auth.userId, id);
    return role ? { role } : null;
  };

/** The registry's membership scopes of this module: `team`, `event` (at the door), `business`. */
export const teamMembershipResolvers: Record<string, MembershipResolver> = {
  team: resolverOf(teamRoleOf),
  event: resolverOf(eventRoleOf),
  business: resolverOf(businessRoleOf),
};

/** Takes a user out of every team (their account is being deleted). */
export async function leaveAllTeams(tx: Executor, userId: string): Promise<void> {
  await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
}
