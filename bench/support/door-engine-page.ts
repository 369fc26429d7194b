/**
 * What `npm run bench:door-offline` loads into a door page of the built server (bundled by
 * Vite on the fly): the offline door's engine with the real calls, no React, no UI.
 */
import { serverDoorCalls } from "#app/door-offline/door-calls.ts";
import { DoorEngine } from "#app/door-offline/door-engine.ts";
import { openDoorDatabase } from "#app/door-offline/door-store.ts";

export async function openBenchDoor(eventId: string, userId: string): Promise<DoorEngine> {
  return DoorEngine.open({
    eventId,
    userId,
    deviceId: "scanner-bench",
    staffName: () => "Bench",
    db: await openDoorDatabase(),
    calls: serverDoorCalls,
    clock: {
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (timer) => window.clearTimeout(timer as number),
    },
    now: () => new Date(),
    newId: () => crypto.randomUUID(),
  });
}
