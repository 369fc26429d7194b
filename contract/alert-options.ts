/** What raised an alert: the owner, or the system about an event. */
export const alertKinds = [
  "owner-message",
  "almost-sold-out",
  "sold-out",
  "scan-burst",
  "event-changed",
  "event-cancelled",
  "payment-problem",
  /** One ticket admitted twice by door devices, found when an offline device uploads. */
  "door-conflict",
] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertUrgencies = ["normal", "urgent"] as const;
export type AlertUrgency = (typeof alertUrgencies)[number];

export const alertRules = { subjectMaxLength: 120, bodyMaxLength: 2000, maxTeams: 50 } as const;
