import { and, asc, desc, eq, gt, inArray, ne, notInArray, sql } from "drizzle-orm";
import { planLimits } from "#contract/business-options.ts";
import { isUuid } from "#contract/uuid.ts";
import { type Business, requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { assertCanCreateTeam, countTeams } from "./team-limit.ts";
import { teamEvents, teams } from "./teams.schema.ts";

export type Team = typeof teams.$inferSelect;

export function teamNotFound(): FunctionError {
  return new FunctionError("NOT_FOUND", "Team not found.");
}

/**
 * The caller's business and one of its teams, for the owner's changes (the registry has
 * already let only the owner through; this also refuses a suspended business).
 */
export async function requireOwnedTeam(
  tx: Executor,
  userId: string,
  teamId: string,
  options: { lock?: boolean } = {},
): Promise<{ business: Business; team: Team }> {
  const business = await requireOwnedBusiness(tx, userId);
  const query = tx
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.businessId, business.id)));
  const [team] = options.lock ? await query.for("update") : await query;
  if (!team) throw teamNotFound();
  return { business, team };
}

export async function createTeam(db: Executor, userId: string, name: string) {
  return db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    await assertCanCreateTeam(tx, business.id);
    const [team] = await tx
      .insert(teams)
      .values({ businessId: business.id, name })
      .returning({ id: teams.id, name: teams.name });
    if (!team) throw new Error("team not inserted");
    return { teamId: team.id, name: team.name };
  });
}

export async function renameTeam(db: Executor, userId: string, teamId: string, name: string) {
  return db.transaction(async (tx) => {
    await requireOwnedTeam(tx, userId, teamId, { lock: true });
    await tx.update(teams).set({ name, updatedAt: new Date() }).where(eq(teams.id, teamId));
    return { teamId, name };
  });
}

/**
 * Deletes a team, its members and invitations. Refused while it is assigned to an event
 * that has not ended (and is not cancelled): the door would lose its staff.
 */
export async function deleteTeam(db: Executor, userId: string, teamId: string) {
  return db.transaction(async (tx) => {
    await requireOwnedTeam(tx, userId, teamId, { lock: true });
    const [busy] = await tx
      .select({ title: events.title })
      .from(teamEvents)
      .innerJoin(events, eq(events.id, teamEvents.eventId))
      .where(
        and(
          eq(teamEvents.teamId, teamId),
          ne(events.status, "cancelled"),
          gt(events.endsAt, sql`now()`),
        ),
      )
      .orderBy(asc(events.startsAt))
      .limit(1);
    if (busy) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        `This team works at “${busy.title}”, which has not ended. Take the team off its events first, or delete it once they are over.`,
        { reason: "assigned-to-upcoming-event" },
      );
    }
    await tx.delete(teams).where(eq(teams.id, teamId));
    return { deleted: true };
  });
}

/** The owner's teams, newest first, with counts, and the plan's team limit. */
export async function listTeams(db: Executor, userId: string) {
  const business = await requireOwnedBusiness(db, userId);
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      createdAt: teams.createdAt,
      // Written out: inside a one-table select Drizzle leaves `teams.id` unqualified, which
      // a subquery over events would read as events.id.
      memberCount: sql<number>`(select count(*)::int from team_members m where m.team_id = "teams"."id")`,
      eventCount: sql<number>`(select count(*)::int from team_events te join events e on e.id = te.event_id where te.team_id = "teams"."id" and e.ends_at > now() and e.status <> 'cancelled')`,
      pendingInvitations: sql<number>`(select count(*)::int from team_invitations i where i.team_id = "teams"."id" and i.accepted_at is null and i.revoked_at is null and i.expires_at > now())`,
    })
    .from(teams)
    .where(eq(teams.businessId, business.id))
    .orderBy(desc(teams.createdAt));
  return {
    teams: rows.map((row) => ({
      ...row,
      memberCount: Number(row.memberCount),
      eventCount: Number(row.eventCount),
      pendingInvitations: Number(row.pendingInvitations),
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    plan: business.plan,
    usage: { teams: await countTeams(db, business.id), limit: planLimits[business.plan].teams },
  };
}

/**
 * Replaces the events a team works at. Each must be one of the business's events that
 * has not ended and is not cancelled; any other id (another business's, unknown,
 * malformed) is refused at `eventIds` without saying which exists.
 */
export async function assignEvents(
  db: Executor,
  userId: string,
  teamId: string,
  eventIds: readonly string[],
) {
  return db.transaction(async (tx) => {
    const { business } = await requireOwnedTeam(tx, userId, teamId, { lock: true });
    const wanted = [...new Set(eventIds)];
    const valid = wanted.filter(isUuid);
    const found =
      valid.length === 0
        ? []
        : await tx
            .select({ id: events.id })
            .from(events)
            .where(
              and(
                inArray(events.id, valid),
                eq(events.businessId, business.id),
                ne(events.status, "cancelled"),
                gt(events.endsAt, sql`now()`),
              ),
            );
    if (found.length !== wanted.length) {
      throw fieldError("eventIds", "Choose events of your business that have not ended.");
    }
    // Past and cancelled events keep their team (the report of what happened there); events
    // that stay assigned keep their row, and with it when they were assigned (the door's news
    // is heard from then on).
    await tx.delete(teamEvents).where(
      and(
        eq(teamEvents.teamId, teamId),
        ...(wanted.length > 0 ? [notInArray(teamEvents.eventId, wanted)] : []),
        inArray(
          teamEvents.eventId,
          tx
            .select({ id: events.id })
            .from(events)
            .where(
              and(
                eq(events.businessId, business.id),
                ne(events.status, "cancelled"),
                gt(events.endsAt, sql`now()`),
              ),
            ),
        ),
      ),
    );
    if (wanted.length > 0) {
      await tx
        .insert(teamEvents)
        .values(wanted.map((eventId) => ({ teamId, eventId })))
        .onConflictDoNothing();
    }
    await tx.update(teams).set({ updatedAt: new Date() }).where(eq(teams.id, teamId));
    return { teamId, eventIds: wanted };
  });
}
