/** An event as `teams.mine` lists it under each of the member's teams. */
export type TeamEvent = {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venueName: string;
  today: boolean;
};

/**
 * The events a member may work today, once each, soonest first: those of their teams that
 * `teams.mine` marks `today` (under way, or starting later on today's date in the event's
 * own time zone; ended and cancelled events are not listed at all).
 */
export function todaysDoorEvents(teams: readonly { events: readonly TeamEvent[] }[]): TeamEvent[] {
  const byId = new Map<string, TeamEvent>();
  for (const team of teams) {
    for (const event of team.events) if (event.today) byId.set(event.id, event);
  }
  return [...byId.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
