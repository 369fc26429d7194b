// Built by server/steps/viewer.ts (`GET /session/viewer`, decision 032); read by the
// page frame and the event page after a shared page.

import type { MyWaitingListEntry } from "./waiting-list.ts";

/** Who is signed in, for the header: display only (each page checks access itself). */
export type ViewerUser = {
  id: string;
  name: string | null;
  sessionId: string;
  businessOwner: boolean;
  /** In a door team: the header shows the coordinator's section (decision 014). */
  teamMember: boolean;
};

/** The person's own part of one event's page: their live hold, their tickets. */
export type ViewerEvent = {
  /** The event's short id, as the page asked. */
  shortId: string;
  /** Its id, for the link to their tickets (`eventTicketsPath`). */
  eventId: string;
  /** Their hold that has not run out: how many tickets, until when (ISO 8601). */
  hold: { ticketCount: number; expiresAt: string } | null;
  /** Tickets they hold for the event, not cancelled (checked in or not). */
  ticketCount: number;
  /** Their live waiting list entries at the event (waiting or offered), by ticket type order. */
  waitingList: MyWaitingListEntry[];
};

/** `GET /session/viewer[?event={shortId}]`: nobody is `{ user: null, event: null }`. */
export type ViewerAnswer = { user: ViewerUser | null; event: ViewerEvent | null };

/** The path the browser asks, with the event's id when the page is an event's. */
export function viewerPath(shortId?: string): string {
  return shortId ? `/session/viewer?event=${encodeURIComponent(shortId)}` : "/session/viewer";
}
