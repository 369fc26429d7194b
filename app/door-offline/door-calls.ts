import { callable } from "#app/callable/callable.ts";
import type {
  DoorSyncInput,
  DoorSyncPage,
  OfflineUploadAnswer,
  OfflineUploadInput,
} from "#contract/door-offline.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { SCAN_CUT_MS } from "./door-connection.ts";

/** The server calls the offline door makes; tests give fakes. */
export type DoorCalls = {
  scan(
    input: { eventId: string; code: string; deviceId: string; scanId: string },
    signal: AbortSignal,
  ): Promise<DoorVerdict>;
  admit(
    input: { eventId: string; ticketId: string; deviceId: string; scanId: string },
    signal: AbortSignal,
  ): Promise<DoorVerdict>;
  sync(input: DoorSyncInput): Promise<DoorSyncPage>;
  upload(input: OfflineUploadInput): Promise<OfflineUploadAnswer>;
  /** A cheap authenticated call: does the server answer? */
  probe(eventId: string): Promise<unknown>;
};

/** A sync page of 5,000 tickets may take a while on a slow link; it blocks no guest. */
const SYNC_TIMEOUT_MS = 60_000;

/** The real calls, through `callable` as the scanner makes them. */
export const serverDoorCalls: DoorCalls = {
  scan: (input, signal) =>
    callable("checkin.scan")(input, { authenticated: true, signal, timeout: SCAN_CUT_MS + 1_000 }),
  admit: (input, signal) =>
    callable("checkin.admit")(input, {
      authenticated: true,
      signal,
      timeout: SCAN_CUT_MS + 1_000,
    }),
  sync: (input) =>
    callable("checkin.offlineSync")(input, { authenticated: true, timeout: SYNC_TIMEOUT_MS }),
  upload: (input) =>
    callable("checkin.offlineUpload")(input, { authenticated: true, timeout: SYNC_TIMEOUT_MS }),
  probe: (eventId) =>
    callable("checkin.stats")({ eventId }, { authenticated: true, timeout: SCAN_CUT_MS }),
};
