import type { DoorSyncInput, DoorSyncPage } from "#contract/door-offline.ts";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * One page of what a door device keeps of an event (decision 030): the published keys,
 * and the event's tickets (a full list, `since` null) or those changed since `since`.
 */
export async function offlineSyncPage(
  _db: Executor,
  _input: DoorSyncInput,
  _keys: DoorSyncPage["keys"],
): Promise<DoorSyncPage> {
  throw new Error("offlineSyncPage: not built yet");
}
