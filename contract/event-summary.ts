import type { EventStatus } from "./event-options.ts";

/** An event as bookings and tickets show it beside themselves. */
export type EventSummary = {
  id: string;
  shortId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venueName: string;
  status: EventStatus;
};
