import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { eventLocalDate } from "#contract/event-time.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { events } from "#server/modules/events/events.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { DoorRole } from "./team-access.ts";

import { eventColumns, eventView } from "./team-view.service.ts";
import { teamEvents, teamMembers, teams } from "./teams.schema.ts";

/** Under way, or starting later on today's date where the event takes place. */
export function isToday(event: { startsAt: Date; timeZone: string }, now = new Date()): boolean {
  return (
    event.startsAt <= now ||
    eventLocalDate(event.startsAt, event.timeZone) === eventLocalDate(now, event.timeZone)
  );
}

const notOver = and(ne(events.status, "cancelled"), gt(events.endsAt, sql`now()`));

/** The events (not ended, not cancelled) of some teams, soonest first, by team. */
async function eventsOfTeams(db: Executor, teamIds: string[]) {
  const byTeam = new Map<string, (ReturnType<typeof eventView> & { today: boolean })[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({ teamId: teamEvents.teamId, ...eventColumns })
    .from(teamEvents)
    .innerJoin(events, eq(events.id, teamEvents.eventId))
    .where(and(inArray(teamEvents.teamId, teamIds), notOver))
    .orderBy(asc(events.startsAt));
  const now = new Date();
  for (const { teamId, ...event } of rows) {
    const list = byTeam.get(teamId) ?? [];
    list.push({ ...eventView(event), today: isToday(event, now) });
    byTeam.set(teamId, list);
  }
  return byTeam;
}

type TeamRow = {
  id: string;
  name: string;
  role: DoorRole;
  businessId: string;
  businessName: string;
};

/** Teams with their events, the teams with an event today first, then by next event. */
async function withEvents(db: Executor, rows: TeamRow[]) {
  const byTeam = await eventsOfTeams(
    db,
    rows.map((r) => r.id),
  );
  const teamsOut = rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    business: { id: row.businessId, name: row.businessName },
    events: byTeam.get(row.id) ?? [],
  }));
  const next = (t: (typeof teamsOut)[number]) => t.events[0]?.startsAt ?? "9999";
  return teamsOut.sort((a, b) => next(a).localeCompare(next(b)) || a.name.localeCompare(b.name));
}

/** The caller's teams (as coordinator or staff), each with its business and events. */
export async function myTeams(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      role: teamMembers.role,
      businessId: businesses.id,
      businessName: businesses.name,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(businesses, eq(businesses.id, teams.businessId))
    .where(eq(teamMembers.userId, userId));
  return { teams: await withEvents(db, rows) };
}

/**
 * A business as its door staff see it: profile, contacts, its upcoming published events,
 * and the caller's teams in it (all of them for its owner). The registry lets only its
 * owner and coordinators of one of its teams through (scope `business`).
 */
export async function businessForTeams(
  db: Executor,
  userId: string,
  businessId: string,
  role: DoorRole,
) {
  const [business] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      type: businesses.type,
      description: businesses.description,
      contactPhone: businesses.contactPhone,
      contactEmail: businesses.contactEmail,
      address: businesses.address,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw new Error("business vanished after its access check");
  const upcoming = await db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.businessId, businessId), eq(events.status, "published"), notOver))
    .orderBy(asc(events.startsAt))
    .limit(50);
  const teamRows =
    role === "owner"
      ? (
          await db
            .select({ id: teams.id, name: teams.name })
            .from(teams)
            .where(eq(teams.businessId, businessId))
        ).map((t) => ({ ...t, role: "owner" as DoorRole }))
      : await db
          .select({ id: teams.id, name: teams.name, role: teamMembers.role })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(eq(teams.businessId, businessId), eq(teamMembers.userId, userId)));
  const myTeamsHere = await withEvents(
    db,
    teamRows.map((t) => ({ ...t, businessId, businessName: business.name })),
  );
  const now = new Date();
  return {
    business,
    role,
    events: upcoming.map((e) => ({ ...eventView(e), today: isToday(e, now) })),
    teams: myTeamsHere,
  };
}

export type MyTeam = Awaited<ReturnType<typeof myTeams>>["teams"][number];
