import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { CallableError } from "#app/callable/callable.ts";
import {
  eventId,
  fakeServer,
  ids,
  openEngine,
  page,
  userId,
} from "#tests/support/fake-door-server.ts";
import type { SwitchClock } from "./door-connection.ts";
import { loadCopy, openDoorDatabase } from "./door-store.ts";

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** A clock that runs what is due at once and keeps the rest (the minute's sync, probes). */
function stepClock() {
  const later: (() => void)[] = [];
  const clock: SwitchClock = {
    setTimeout: (run, ms) => {
      if (ms === 0) queueMicrotask(run);
      else later.push(run);
      return later.length;
    },
    clearTimeout: () => {},
  };
  return { clock, later };
}

describe("the offline door engine recovers", () => {
  it("restarts with a full list when the server refuses its cursor (INVALID_ARGUMENT)", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([{ id: ids.a, g: 1, s: "valid", n: "Ann", c: "ABCDE23456" }])];
    const engine = await openEngine(calls);
    await engine.sync();
    server.pages = [
      new CallableError("invalid-argument", "Unknown cursor.", undefined, 400),
      page([{ id: ids.b, g: 1, s: "valid", n: "Bo", c: "FGHJK23456" }], { cursor: "900" }),
    ];
    await engine.sync();
    expect(server.seen.syncs.slice(-2)).toEqual([
      { eventId, since: "500", after: null },
      { eventId, since: null, after: null },
    ]);
    const copy = await loadCopy(await openDoorDatabase(), userId, eventId);
    expect(copy?.cursor).toBe("900");
    expect([...(copy?.tickets.keys() ?? [])]).toEqual([ids.b]);

    // Any other refusal is not a cursor problem: no second request, the error as it is.
    server.pages = [new CallableError("permission-denied", "Not your door.", undefined, 403)];
    await expect(engine.sync()).rejects.toThrow("Not your door.");
    expect(server.seen.syncs).toHaveLength(4);
    engine.close();
  });

  it("switches offline when the sync finds no server (a desk with no scans), and not on a refusal", async () => {
    const { server, calls } = fakeServer();
    const { clock } = stepClock();
    server.pages = [new CallableError("permission-denied", "Not your door.", undefined, 403)];
    const refused = await openEngine(calls, userId, undefined, clock);
    const states: string[] = [];
    refused.subscribe((state) => states.push(state.connection));
    refused.start();
    await expect.poll(() => server.seen.syncs.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refused.getState().connection).toBe("online");
    refused.close();

    server.pages = []; // unreachable
    const engine = await openEngine(calls, userId, undefined, clock);
    engine.start();
    await expect.poll(() => engine.getState().connection).toBe("offline");
    expect(server.seen.syncs).toHaveLength(2);
    engine.close();
  });
});
