import { useEffect } from "react";
import { startDoorWorker } from "./door-worker-registration.ts";

/**
 * Registers the door's service worker (scope `doorScope`) on a door page, so the desk,
 * the scanner and the typed-code page open with no network after one visit online
 * (decision 030): the worker keeps the build's files, the page and the event's other
 * door pages. Does nothing where service workers are unavailable.
 */
export function useDoorWorker(eventId: string | null): void {
  useEffect(() => {
    if (eventId) void startDoorWorker(eventId);
  }, [eventId]);
}
