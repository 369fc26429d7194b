// Built by server/modules/waiting-list (decision 034); shown by the event page (the
// person's own entries come with `GET /session/viewer?event=`) and the organiser's
// waiting list page (`/business/events/{id}/waiting_list`).

/** How long an offer holds its tickets when the organiser does not say (issue 29). */
export const DEFAULT_OFFER_HOURS = 12;
export const MIN_OFFER_HOURS = 1;
/** A week. */
export const MAX_OFFER_HOURS = 168;

/**
 * An entry's life: `waiting` in line; `offered` tickets held for them (a hold that lasts
 * the offer's hours); then `claimed` (booked), `lapsed` (the offer ran out or was let go),
 * `left` (they left the line) or `closed` (the organiser closed the type's list while
 * they waited).
 */
export const waitingListStatuses = [
  "waiting",
  "offered",
  "claimed",
  "lapsed",
  "left",
  "closed",
] as const;
export type WaitingListStatus = (typeof waitingListStatuses)[number];

/** An offer: tickets held for the person until `expiresAt` (ISO 8601). */
export type WaitingListOffer = {
  quantity: number;
  offeredAt: string;
  expiresAt: string;
  /** Made by the organiser from the list page, not by the turn of the line. */
  byHand: boolean;
};

/** One of the caller's live entries at an event (waiting or offered). */
export type MyWaitingListEntry = {
  id: string;
  ticketTypeId: string;
  /** How many they asked for (up to the type's per-order limit). */
  quantity: number;
  status: "waiting" | "offered";
  /** People in line before them for this type (0: they are next); 0 once offered. */
  ahead: number;
  offer: WaitingListOffer | null;
};

/** `waitingList.join {ticketTypeId, quantity}`: the entry (joining again keeps the place). */
export type JoinWaitingListAnswer = MyWaitingListEntry;

/** One entry as the organiser sees it, in the order of the line. */
export type WaitingListEntryView = {
  id: string;
  /** 1 for the next in line; null once the entry is not waiting. */
  position: number | null;
  name: string;
  quantity: number;
  status: WaitingListStatus;
  joinedAt: string;
  offer: WaitingListOffer | null;
  /** When it stopped waiting or its offer ended (claimed, lapsed, left, closed). */
  endedAt: string | null;
};

/** One ticket type's list. */
export type WaitingListTypeView = {
  ticketTypeId: string;
  name: string;
  /** The list is open for this type (people may join when it sells out). */
  enabled: boolean;
  /** Tickets free now (capacity − taken): what an offer by hand can give. */
  free: number;
  perOrderLimit: number;
  waiting: number;
  offered: number;
  /** Waiting first (in order), then open offers, then the ended, newest first (200 at most). */
  entries: WaitingListEntryView[];
};

/** `waitingList.forEvent {eventId}` (the event's owner only; NOT_FOUND for anyone else). */
export type WaitingListOverview = {
  eventId: string;
  title: string;
  offerHours: number;
  types: WaitingListTypeView[];
};

/** `waitingList.configure {eventId, offerHours, closedTicketTypeIds}`. */
export type WaitingListSettings = {
  offerHours: number;
  /** Types whose list is closed; every other type's is open. */
  closedTicketTypeIds: string[];
};

/** The organiser's page of one event's waiting list. */
export function waitingListPath(eventId: string): string {
  return `/business/events/${eventId}/waiting_list`;
}

/** "3 people ahead of you", "You are next". */
export function aheadText(ahead: number): string {
  if (ahead <= 0) return "You are next in line.";
  return `${ahead} ${ahead === 1 ? "person" : "people"} ahead of you.`;
}
