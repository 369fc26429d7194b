/** Texts of the team screens, defined once for the console and the coordinator's pages. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 of 1 team on your plan" / "3 teams (up to 20 on your plan)". */
export function teamUsageText(usage: { teams: number; limit: number | null }): string {
  if (usage.limit === null)
    return `${plural(usage.teams, "team", "teams")} (no limit on your plan)`;
  return `${usage.teams} of ${plural(usage.limit, "team", "teams")} on your plan`;
}

/** "2 members · 1 upcoming event". */
export function teamCountsText(team: { memberCount: number; eventCount: number }): string {
  return `${plural(team.memberCount, "member", "members")} · ${plural(team.eventCount, "upcoming event", "upcoming events")}`;
}

export const roleLabels = { coordinator: "Coordinator", staff: "Staff", owner: "Owner" } as const;

export const invitationStateLabels = {
  pending: "Invited",
  expired: "Invitation expired",
  revoked: "Invitation withdrawn",
  accepted: "Joined",
} as const;
