import { type DoorCalls, serverDoorCalls } from "./door-calls.ts";
import { DOOR_DATABASE } from "./door-database-name.ts";
import { openDoorDatabase, queuedAdmissions } from "./door-store.ts";
import { uploadQueue } from "./door-sync.ts";

/** How long signing out waits for the last admissions to reach the server. */
const LAST_UPLOAD_MS = 5_000;

/** The service worker names its caches so (app/door-worker). */
const DOOR_CACHE_PREFIX = "door-";

/**
 * Signing out: the admissions this person made offline and the server does not have yet
 * are sent first (a few seconds at most; the record of who went in is worth the wait),
 * then everything is removed as `clearDoorData` does.
 */
export async function uploadThenClearDoorData(
  userId: string | null,
  calls: Pick<DoorCalls, "upload"> = serverDoorCalls,
): Promise<void> {
  if (userId) await uploadLastAdmissions(userId, calls);
  await clearDoorData();
}

async function uploadLastAdmissions(
  userId: string,
  calls: Pick<DoorCalls, "upload">,
): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  try {
    const db = await openDoorDatabase();
    const queue = await queuedAdmissions(db, userId);
    db.close();
    if (queue.length === 0) return;
    const timeout = new Promise((resolve) => setTimeout(resolve, LAST_UPLOAD_MS));
    await Promise.race([uploadQueue(calls, queue), timeout]);
  } catch {
    // No network or no storage: signing out goes on; what could not be sent is lost.
  }
}

/**
 * Removes every event's data and queue from this device, and the door service worker's
 * caches (signing out: the next person on this phone finds nothing of the last one's
 * door). Never throws: signing out must go on whatever the storage says.
 */
export async function clearDoorData(): Promise<void> {
  await Promise.all([deleteDatabase(), deleteDoorCaches()]);
}

function deleteDatabase(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve();
    try {
      const request = indexedDB.deleteDatabase(DOOR_DATABASE);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
      // Open connections close themselves on `versionchange` (door-store.ts); an old tab
      // that does not would block: the deletion then completes when it closes.
      request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

async function deleteDoorCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(DOOR_CACHE_PREFIX)).map((name) => caches.delete(name)),
    );
  } catch {
    // Cache Storage refused (an opaque origin): nothing of ours is in it.
  }
}
