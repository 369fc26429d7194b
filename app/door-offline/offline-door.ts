import type { DoorSyncTicket, OfflineUploadResult } from "#contract/door-offline.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";

/** Whether the door talks to the server or judges on this device (decision 030). */
export type DoorConnection = "online" | "offline";

/** A verdict and where it was decided. */
export type CheckedVerdict = {
  verdict: DoorVerdict;
  /** Decided on this device from its copy of the event (shown with an "offline" mark). */
  offline: boolean;
};

/** What the door pages (scanner, desk, typed code) use of the offline door. */
export type OfflineDoor = {
  connection: DoorConnection;
  /** Offline admissions waiting to be uploaded. */
  queueLength: number;
  /** When this device last completed a sync of the event (ISO); null: never. */
  lastSyncAt: string | null;
  syncing: boolean;
  /** Whether this device has the event's names and codes (offline search and typed codes). */
  searchable: boolean;
  /**
   * Checks a scanned QR token or a typed code: online through `checkin.scan` (cut at 3 s;
   * two failed or slow scans in a row switch the door offline), offline on this device,
   * where an admission is queued for upload with `scanId`.
   */
  check(code: string, scanId: string): Promise<CheckedVerdict>;
  /** The desk's button: admits a ticket by id, online or offline. */
  admit(ticketId: string, scanId: string): Promise<CheckedVerdict>;
  /** Offline search of this device's copy (searchable events only): up to 20 tickets. */
  search(query: string): Promise<DoorSyncTicket[]>;
  /**
   * Uploaded offline admissions the server could not stand by (the ticket was already in
   * on another device, cancelled or given away): each is a conflict, alerted to the teams.
   */
  conflicts: OfflineUploadResult[];
};
