import type { DoorConflictReason } from "#contract/door-offline.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** A conflict just recorded (`check_in_conflicts`), as the steps that tell of it need it. */
export type DoorConflictNews = {
  /** The conflict row: one alert per row, however often the upload is repeated. */
  id: string;
  eventId: string;
  reason: DoorConflictReason;
  /** As stored, `ABCDE23456`. */
  manualCode: string;
  attendeeName: string;
  /** The offline device's admission: its time (ISO) and device id. */
  at: string;
  deviceId: string;
  /** The check-in that stands, if any (another device's, online or offline). */
  kept: { at: string; deviceId: string } | null;
};

/**
 * What other modules do when an offline admission could not stand, in the upload's
 * transaction (server/steps: the alerts module tells the event's teams at once).
 */
export type DoorConflictStep = (tx: Executor, conflict: DoorConflictNews) => Promise<void>;
