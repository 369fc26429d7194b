import type { AlertKind } from "#contract/alert-options.ts";

/** Who or what raised an alert, as the feed says it. */
export const alertKindLabels: Record<AlertKind, string> = {
  "owner-message": "From the organiser",
  "almost-sold-out": "Almost sold out",
  "sold-out": "Sold out",
  "scan-burst": "Suspicious scans",
  "event-changed": "Event changed",
  "event-cancelled": "Event cancelled",
  "payment-problem": "Payment problem",
  "door-conflict": "Double entry",
};

/** The live message kinds of the stream (server/modules/alerts/raise-alert.ts). */
export const alertLiveKinds = ["alert", "alert-acknowledged"] as const;

export function alertTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}
