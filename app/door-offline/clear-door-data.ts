import { DOOR_DATABASE } from "./door-database-name.ts";

/** The service worker names its caches so (app/door-worker). */
const DOOR_CACHE_PREFIX = "door-";

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
