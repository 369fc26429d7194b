/**
 * The offline door (decision 030): what a door device downloads of an event to judge
 * tickets without a network (`checkin.offlineSync`), and what it uploads of the
 * admissions it made offline (`checkin.offlineUpload`). One shape for the server, the
 * device's store and the tests.
 */
import type { DoorCheckIn, DoorVerdict } from "./door-verdict.ts";
import type { TicketStatus } from "./ticket-status.ts";

/** Door pages live under this path: the service worker's scope and the offline app's. */
export const doorScope = "/team_coordinator/check_in/";

/** The organiser's default: offline search for events of up to this many tickets. */
export const DEFAULT_OFFLINE_SEARCH_LIMIT = 25_000;

/** The largest limit an organiser may set (the column's check, migration 0018). */
export const MAX_OFFLINE_SEARCH_LIMIT = 1_000_000;

/** Tickets per page of a sync. */
export const DOOR_SYNC_PAGE_SIZE = 5_000;

/** Admissions per upload call. */
export const DOOR_UPLOAD_BATCH = 200;

/** A device drops an event's data this long after the event ends. */
export const DOOR_DATA_KEPT_AFTER_END_MS = 12 * 60 * 60 * 1000;

/** `checkin.offlineSync` input. */
export type DoorSyncInput = {
  eventId: string;
  /** The `cursor` of the device's last complete sync; null for a first (full) sync. */
  since: string | null;
  /**
   * Paging within one sync: the `next` of the previous page (it carries the sync's
   * cursor); null for the first page.
   */
  after: string | null;
};

/** One ticket as a door device keeps it. Short keys: a first sync carries 25,000 of them. */
export type DoorSyncTicket = {
  id: string;
  /** The ticket's current generation: a token of another one is an old QR (given away). */
  g: number;
  s: TicketStatus;
  /** Its live admission when `s` is `checked-in`. */
  in?: DoorCheckIn;
  /** Attendee name, manual code (`ABCDE23456`, no hyphen) and type name: searchable events only. */
  n?: string;
  c?: string;
  t?: string;
};

/** One page of `checkin.offlineSync`. */
export type DoorSyncPage = {
  event: {
    id: string;
    shortId: string;
    title: string;
    timeZone: string;
    startsAt: string;
    endsAt: string;
  };
  /** The published Ed25519 keys that verify ticket tokens (`x`: the raw key, base64url). */
  keys: { kid: number; x: string }[];
  /**
   * Where the next sync starts (its `since`); the same on every page of one sync. The
   * device stores it only once it has every page.
   */
  cursor: string;
  /** More pages of this sync: call again with `after: next` (and the same `since`). */
  next: string | null;
  /**
   * A full list (`since` was null): the device replaces its copy of the event. Without
   * names (`searchable` false) a full list has only tickets that are not plainly valid
   * (cancelled, checked in, or of a later generation than 1).
   */
  full: boolean;
  /** Whether names and codes are included (the event is within its offline search limit). */
  searchable: boolean;
  /** Tickets of the event (full) or changed since `since` (delta), by id. */
  tickets: DoorSyncTicket[];
  /** The server's clock when it answered. */
  serverTime: string;
};

/** One admission a device made offline. */
export type OfflineAdmission = {
  /** Unique per scan (the same id the device may already have sent online). */
  scanId: string;
  ticketId: string;
  /** The token's generation for a scanned QR; null for a typed code or the desk's button. */
  generation: number | null;
  method: "scan" | "manual";
  /** The device's clock when it admitted (ISO). */
  at: string;
};

/** `checkin.offlineUpload` input. */
export type OfflineUploadInput = {
  eventId: string;
  deviceId: string;
  admissions: OfflineAdmission[];
};

/** Why an offline admission could not stand. */
export const doorConflictReasons = ["already-in", "cancelled", "given-away"] as const;
export type DoorConflictReason = (typeof doorConflictReasons)[number];

/** What the server made of one uploaded admission; the same answer for a repeated scan id. */
export type OfflineUploadResult = {
  scanId: string;
  /**
   * `admitted`: recorded as this device's check-in; `conflict`: the person went in but the
   * ticket could not be admitted (kept in `check_in_conflicts`, alerted); `refused`: no
   * ticket of this event (unknown, another event), nothing recorded.
   */
  outcome: "admitted" | "conflict" | "refused";
  reason?: DoorConflictReason;
  /** The server's verdict: `admitted`, or the one the ticket had (e.g. already checked in). */
  verdict: DoorVerdict;
};

export type OfflineUploadAnswer = { results: OfflineUploadResult[] };

/** "Ticket ABCDE-23456 (Ann Lee) entered at 21:04 on scanner-1a2b and 21:06 on scanner-9f8e." */
export type DoorConflictView = {
  id: string;
  ticketId: string;
  reason: DoorConflictReason;
  deviceId: string;
  staffName: string;
  at: string;
  time: string;
  kept: DoorCheckIn | null;
};
