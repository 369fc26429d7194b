/**
 * The business's fixed choices, defined once: the server validates against them, the
 * form lists them. Pure data, safe to import from pages.
 */
export const businessTypes = [
  { id: "venue", label: "Venue" },
  { id: "promoter", label: "Promoter" },
  { id: "club", label: "Club or society" },
  { id: "festival", label: "Festival" },
  { id: "theatre", label: "Theatre or arts" },
  { id: "sports", label: "Sports" },
  { id: "nonprofit", label: "Charity or non-profit" },
  { id: "other", label: "Other" },
] as const;
export type BusinessType = (typeof businessTypes)[number]["id"];

export const businessPlans = ["free", "pro"] as const;
export type BusinessPlan = (typeof businessPlans)[number];

export const businessStatuses = ["active", "suspended"] as const;
export type BusinessStatus = (typeof businessStatuses)[number];

/** What each plan allows; `null` is unlimited. Enforced on the server, shown on /business/upgrade. */
export const planLimits: Record<
  BusinessPlan,
  {
    publishedEvents: number | null;
    teams: number | null;
    sms: boolean;
    /** Messages to the attendees of events, per calendar month (UTC). */
    attendeeMessagesPerMonth: number | null;
  }
> = {
  free: { publishedEvents: 3, teams: 1, sms: false, attendeeMessagesPerMonth: 3 },
  pro: { publishedEvents: null, teams: 20, sms: true, attendeeMessagesPerMonth: 50 },
};
