import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { randomId } from "#app/scanner/door-device.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import { type DoorCalls, serverDoorCalls } from "./door-calls.ts";
import { DoorEngine, type DoorState } from "./door-engine.ts";
import { openDoorDatabase } from "./door-store.ts";
import type { CheckedVerdict, OfflineDoor } from "./offline-door.ts";

export { clearDoorData } from "./clear-door-data.ts";
export type { CheckedVerdict, DoorConnection, OfflineDoor } from "./offline-door.ts";

const initialState: DoorState = {
  connection: "online",
  queueLength: 0,
  lastSyncAt: null,
  syncing: false,
  searchable: false,
  conflicts: [],
};

const browserClock = {
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (timer: unknown) => window.clearTimeout(timer as number),
};

/** Opens the engine of the event on this device, or null where IndexedDB is unavailable. */
async function openEngine(
  eventId: string,
  userId: string,
  deviceId: string,
  staffName: () => string,
  calls: DoorCalls,
): Promise<DoorEngine | null> {
  try {
    const db = await openDoorDatabase();
    return await DoorEngine.open({
      eventId,
      userId,
      deviceId,
      staffName,
      db,
      calls,
      clock: browserClock,
      now: () => new Date(),
      newId: randomId,
    });
  } catch {
    // A private window or a storage policy without IndexedDB: the door stays online only.
    return null;
  }
}

/**
 * The offline door of one event for the signed-in door user on this device: its copy of
 * the event in IndexedDB, synced every minute and at once on reconnect, the automatic
 * switch between online and offline, and the upload of the queue when online.
 */
export function useOfflineDoor(eventId: string, userId: string, deviceId: string): OfflineDoor {
  const staff = useSignedInUser()?.name || "Door staff";
  const staffName = useRef(staff);
  staffName.current = staff;
  const [state, setState] = useState<DoorState>(initialState);
  const engine = useRef<Promise<DoorEngine | null> | null>(null);

  useEffect(() => {
    if (!eventId || !userId) return;
    const opening = openEngine(eventId, userId, deviceId, () => staffName.current, serverDoorCalls);
    engine.current = opening;
    let unsubscribe = () => {};
    void opening.then((opened) => {
      if (!opened || engine.current !== opening) return;
      unsubscribe = opened.subscribe(setState);
      // Opened from the service worker with no network: no need for two failed scans.
      if (!navigator.onLine) opened.networkGone();
      setState(opened.getState());
      opened.start();
    });
    const back = () => void opening.then((opened) => opened?.networkBack());
    const gone = () => void opening.then((opened) => opened?.networkGone());
    window.addEventListener("online", back);
    window.addEventListener("offline", gone);
    return () => {
      window.removeEventListener("online", back);
      window.removeEventListener("offline", gone);
      engine.current = null;
      void opening.then((opened) => {
        unsubscribe();
        opened?.close();
      });
    };
  }, [eventId, userId, deviceId]);

  const check = useCallback(
    async (code: string, scanId: string): Promise<CheckedVerdict> => {
      const opened = await engine.current;
      if (opened) return opened.check(code, scanId);
      const cut = AbortSignal.timeout(15_000);
      const verdict = await serverDoorCalls.scan({ eventId, code, deviceId, scanId }, cut);
      return { verdict, offline: false };
    },
    [eventId, deviceId],
  );

  const admit = useCallback(
    async (ticketId: string, scanId: string): Promise<CheckedVerdict> => {
      const opened = await engine.current;
      if (opened) return opened.admit(ticketId, scanId);
      const cut = AbortSignal.timeout(15_000);
      const verdict = await serverDoorCalls.admit({ eventId, ticketId, deviceId, scanId }, cut);
      return { verdict, offline: false };
    },
    [eventId, deviceId],
  );

  const search = useCallback(
    async (query: string) => (await engine.current)?.search(query) ?? [],
    [],
  );

  return useMemo(() => ({ ...state, check, admit, search }), [state, check, admit, search]);
}
