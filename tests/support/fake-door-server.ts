import { CallableError } from "#app/callable/callable.ts";
import type { DoorCalls } from "#app/door-offline/door-calls.ts";
import type { SwitchClock } from "#app/door-offline/door-connection.ts";
import { DoorEngine } from "#app/door-offline/door-engine.ts";
import { openDoorDatabase } from "#app/door-offline/door-store.ts";
import type {
  DoorSyncInput,
  DoorSyncPage,
  DoorSyncTicket,
  OfflineUploadInput,
  OfflineUploadResult,
} from "#contract/door-offline.ts";
import { admittedVerdict, type DoorVerdict } from "#contract/door-verdict.ts";
import { doorTokenKit } from "./door-tokens.ts";

// The offline door engine's tests (app/door-offline): one event, a fake server, fake-indexeddb.

export const kit = doorTokenKit(1);
export const userId = "u1111111-0000-4000-8000-000000000000";
export const eventId = "e1111111-0000-4000-8000-000000000000";
export const shortId = "abcd2345";
export const ids = {
  a: "aaaaaaaa-0000-4000-8000-000000000000",
  b: "bbbbbbbb-0000-4000-8000-000000000000",
  c: "cccccccc-0000-4000-8000-000000000000",
};
export const now = new Date();
export const token = (ticketId: string) =>
  kit.token({ ticketId, eventShortId: shortId, generation: 1 });
export const unreachable = () => new CallableError("internal", "Could not reach the server.");

export function page(tickets: DoorSyncTicket[], more: Partial<DoorSyncPage> = {}): DoorSyncPage {
  return {
    event: {
      id: eventId,
      shortId,
      title: "Night Market",
      timeZone: "UTC",
      startsAt: new Date(now.getTime() - 3_600_000).toISOString(),
      endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
    },
    keys: [kit.key],
    cursor: "500",
    next: null,
    full: true,
    searchable: true,
    tickets,
    serverTime: now.toISOString(),
    ...more,
  };
}

/** The server as the engine sees it: answers set by each test, calls recorded. */
export function fakeServer() {
  const seen = {
    scans: [] as string[],
    syncs: [] as DoorSyncInput[],
    uploads: [] as OfflineUploadInput[],
  };
  const server = {
    seen,
    scan: (): Promise<DoorVerdict> => Promise.reject(unreachable()),
    pages: [] as (DoorSyncPage | Error)[],
    uploadAnswer: (input: OfflineUploadInput): OfflineUploadResult[] =>
      input.admissions.map((a) => ({
        scanId: a.scanId,
        outcome: "admitted",
        verdict: admittedVerdict(
          { id: a.ticketId, attendeeName: "", ticketTypeName: "" },
          { id: eventId, title: "Night Market" },
          { id: "s", at: a.at, time: "00:00", staffName: "Bea", deviceId: "d" },
        ),
      })),
  };
  const calls: DoorCalls = {
    scan: async (input) => {
      seen.scans.push(input.scanId);
      return server.scan();
    },
    admit: () => Promise.reject(unreachable()),
    sync: async (input) => {
      seen.syncs.push(input);
      const next = server.pages.shift();
      if (!next || next instanceof Error) throw next ?? unreachable();
      return next;
    },
    upload: async (input) => {
      seen.uploads.push(input);
      return { results: server.uploadAnswer(input) };
    },
    probe: () => Promise.reject(unreachable()),
  };
  return { server, calls };
}

export const idleClock: SwitchClock = { setTimeout: () => 0, clearTimeout: () => {} };
let serial = 0;

export async function openEngine(calls: DoorCalls, user = userId, at = now, clock = idleClock) {
  return DoorEngine.open({
    eventId,
    userId: user,
    deviceId: "scanner-test",
    staffName: () => "Cal",
    db: await openDoorDatabase(),
    calls,
    clock,
    now: () => at,
    newId: () => `local-${++serial}`,
  });
}
