import { and, eq, type SQL, sql } from "drizzle-orm";
import type { TeamRole } from "#contract/team-options.ts";
import { isUuid } from "#contract/uuid.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import type { MembershipResolver } from "#server/platform/callable/registry.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
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

/** Best first: the owner outranks a coordinator, who outranks staff (someone in several teams). */
const doorRolesBestFirst: readonly DoorRole[] = ["owner", "coordinator", "staff"];

function best(roles: readonly DoorRole[]): DoorRole | null {
  return doorRolesBestFirst.find((role) => roles.includes(role)) ?? null;
}

/**
 * The door rule, the one definition that `eventRoleOf`, the one-statement admission
 * (checkin/admit-in-one-statement.ts) and the door's live topics (checkin/door-topics.ts)
 * all read, as a relation to select from: a row per way the user may work an event's door
 * (`event_id`, `role`, `since`). The owner of the event's business (`since` null: all its
 * door news), and a member of each team assigned to the event (their team role; `since`
 * when both they were in the team and the team had the event). Several rows for one event
 * (an owner in a team, a member of two teams) are ranked by `eventRoleOf`. `eventId`
 * narrows it to one event; the text is the same for every user and event, so a prepared
 * statement may hold it.
 */
export function doorAccessRows(userId: string | SQL, eventId?: string): SQL {
  const ofEvent = (column: SQL) =>
    eventId === undefined ? sql`` : sql` and ${column} = ${eventId}::uuid`;
  return sql`(
    select e.id as event_id, 'owner'::text as role, null::timestamptz as since
      from ${events} e join ${businesses} b on b.id = e.business_id
      where b.owner_id = ${userId}::uuid${ofEvent(sql`e.id`)}
    union all
    select te.event_id, m.role::text, greatest(m.created_at, te.assigned_at)
      from ${teamEvents} te join ${teamMembers} m on m.team_id = te.team_id
      where m.user_id = ${userId}::uuid${ofEvent(sql`te.event_id`)}
  )`;
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
  const rows = await rowsOf<{ role: DoorRole }>(
    db,
    sql`select d.role from ${doorAccessRows(userId, eventId)} d`,
  );
  return best(rows.map((row) => row.role));
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
  const [row] = await rowsOf<{ member: boolean }>(db, sql`select ${inATeam(userId)} as member`);
  return row?.member === true;
}

/** The same as a boolean SQL value, for a statement that reads more (the viewer). */
export function inATeam(userId: string): SQL {
  return sql`exists(select 1 from team_members m where m.user_id = ${userId}::uuid)`;
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
