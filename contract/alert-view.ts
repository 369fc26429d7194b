import type { AlertKind, AlertUrgency } from "./alert-options.ts";

/** An alert as the feed and the live stream show it to one member (built by server/modules/alerts). */
export type AlertView = {
  id: string;
  kind: AlertKind;
  urgency: AlertUrgency;
  subject: string;
  body: string;
  eventId: string | null;
  createdAt: string;
  acknowledged: boolean;
};
