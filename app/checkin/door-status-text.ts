import type { OfflineDoor } from "#app/door-offline/use-offline-door.ts";

export type DoorStatusTexts = {
  state: string;
  queue: string;
  sync: string;
  search: string;
};

/** "Last synced just now / 1 min ago / 2 h ago"; the device's clock against the sync's. */
export function syncAge(lastSyncAt: string | null, now: number): string {
  if (lastSyncAt === null) return "Never synced on this device";
  const minutes = Math.max(0, Math.floor((now - Date.parse(lastSyncAt)) / 60_000));
  if (minutes < 1) return "Last synced just now";
  if (minutes < 60) return `Last synced ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `Last synced ${hours} h ago`;
}

/** The door banner's four lines (decision 030): connection, queue, last sync, offline search. */
export function doorStatusTexts(
  door: Pick<OfflineDoor, "connection" | "queueLength" | "lastSyncAt" | "syncing" | "searchable">,
  now: number,
): DoorStatusTexts {
  const queue = door.queueLength;
  return {
    state: door.connection === "online" ? "Online" : "Offline — checking on this device",
    queue:
      queue === 0
        ? "No check-ins waiting to upload"
        : `${queue} check-in${queue === 1 ? "" : "s"} waiting to upload`,
    sync: door.syncing ? "Syncing now…" : syncAge(door.lastSyncAt, now),
    search: door.searchable
      ? "Search by name works offline"
      : "Search by name needs the network (scanning works offline)",
  };
}
