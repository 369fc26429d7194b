// Built by server/modules/waiting-room (decision 033); shown by the waiting room page
// (`/waiting_room/{shortId}`), the event page and the organiser's event page.

/** An admitted person has this long to start a hold (issue 28). */
export const ADMISSION_MINUTES = 10;

/** Checkouts open at once when the organiser does not say: admission keeps this many busy. */
export const DEFAULT_CHECKOUT_CAPACITY = 100;
export const MAX_CHECKOUT_CAPACITY = 10_000;

/** The organiser's settings of one event's waiting room. */
export type WaitingRoomSettings = {
  enabled: boolean;
  /** When the sale opens (ISO 8601): who came before it gets a random place. */
  saleStartsAt: string;
  /** The same in the event's zone, `YYYY-MM-DDTHH:mm`, as the form edits it. */
  saleStartsLocal: string;
  /** How many buyers may be choosing tickets at once. */
  checkoutCapacity: number;
};

/**
 * The room as everyone in it sees it (the same for all: pushed on the live stream with
 * kind `waiting-room`, topic `room:{eventId}`, each time it changes).
 */
export type WaitingRoomState = {
  eventId: string;
  saleStartsAt: string;
  /** Places have been given (the sale has started and the early arrivals were drawn). */
  drawn: boolean;
  /** Everyone with a place up to this one has been admitted. */
  admittedThrough: number;
  /** Places given so far (the last place). */
  placed: number;
  /** People admitted per minute lately (the last 5 minutes); 0 before any. */
  admitPerMinute: number;
  /** No tickets left and none held that could come back: the room is closed. */
  soldOut: boolean;
  /** No tickets free now, but some are held and may come back: admission waits. */
  allHeld: boolean;
};

/** One person's place (`waitingRoom.status`, `waitingRoom.join`). */
export type WaitingPlace = {
  /** Null until places are given (before the start, or for a second after joining). */
  place: number | null;
  /** Admitted: may start a hold until this moment (ISO 8601); null while waiting. */
  admittedUntil: string | null;
  /** Admitted, but the 10 minutes passed without a hold: may join again at the back. */
  lapsed: boolean;
  /** Admitted and started a hold since: the turn is being used (or was: see the hold, tickets). */
  turnUsed: boolean;
  /** The place as a signed token bound to this person and event (kept by the page). */
  placeToken: string;
};

/** What the waiting room page shows: the room (null when it is off) and the caller's place. */
export type WaitingRoomView = {
  eventId: string;
  shortId: string;
  title: string;
  room: WaitingRoomState | null;
  place: WaitingPlace | null;
};

/**
 * A proof of work to join (`waitingRoom.challenge`): find a whole number `nonce` such that
 * SHA-256 of `${challenge}:${nonce}` (UTF-8) starts with `bits` zero bits, then send both to
 * `waitingRoom.join`. The challenge is signed, bound to the person and event, and expires.
 */
export type JoinChallenge = { challenge: string; bits: number; expiresAt: string };

/** Whether a SHA-256 digest starts with `bits` zero bits (both sides check with this). */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  let left = bits;
  for (const byte of digest) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
      left -= 8;
    } else {
      return byte >> (8 - left) === 0;
    }
  }
  return left <= 0;
}

/** The live stream's topic of one event's room. */
export const waitingRoomTopic = (eventId: string) => `room:${eventId}`;

/** The kind of the room's live messages; the payload is a `WaitingRoomState`. */
export const WAITING_ROOM_KIND = "waiting-room";

/** `/waiting_room/{shortId}`: an event's waiting room. */
export function waitingRoomPath(shortId: string): string {
  return `/waiting_room/${encodeURIComponent(shortId)}`;
}

/** People ahead of a place, given the room (0 once admitted). */
export function peopleAhead(place: number, room: WaitingRoomState): number {
  return Math.max(0, place - room.admittedThrough - 1);
}

/**
 * Over how long a crowd that learns one moment together (the draw placing everyone who came
 * early) spreads its first asks: 2 ms a person, 5 to 60 s, so two small instances answer
 * 10,000 people over 20 s rather than in the same second.
 */
export function crowdSpreadMs(people: number): number {
  return Math.min(60_000, Math.max(5_000, people * 2));
}
