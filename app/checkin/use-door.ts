import { useMemo } from "react";
import { type OfflineDoor, useOfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { doorDeviceId } from "#app/scanner/door-device.ts";

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This browser's door device id (kept in localStorage); "" on the server. */
export function useDoorDeviceId(): string {
  return useMemo(() => (typeof window === "undefined" ? "" : doorDeviceId(localStore())), []);
}

/**
 * The offline door of one event on a door page (scanner, desk, typed code), as this
 * browser's device: every page of the event shares its copy and its queue.
 */
export function useDoor(eventId: string, userId: string): { door: OfflineDoor; deviceId: string } {
  const deviceId = useDoorDeviceId();
  return { door: useOfflineDoor(eventId, userId, deviceId), deviceId };
}
