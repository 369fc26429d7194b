/** A member's role in a team: coordinators run the door and see reports; staff check in. */
export const teamRoles = ["coordinator", "staff"] as const;
export type TeamRole = (typeof teamRoles)[number];

/** How an invitation travels, and what it was sent to (E.164 phone or lower-case email). */
export const invitationChannels = ["phone", "email"] as const;
export type InvitationChannel = (typeof invitationChannels)[number];

export const teamRules = {
  nameMaxLength: 80,
  /** An invitation link works this long (issue 12: 7 days). */
  invitationLifetimeDays: 7,
  /** A team is assigned to at most this many events at once (a bounded input). */
  maxEventsPerTeam: 200,
} as const;
