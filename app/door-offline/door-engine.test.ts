import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DOOR_DATA_KEPT_AFTER_END_MS } from "#contract/door-offline.ts";
import { admittedVerdict } from "#contract/door-verdict.ts";
import {
  eventId,
  fakeServer,
  ids,
  now,
  openEngine,
  page,
  token,
  userId,
} from "#tests/support/fake-door-server.ts";
import { clearDoorData, uploadThenClearDoorData } from "./clear-door-data.ts";
import { loadCopy, openDoorDatabase } from "./door-store.ts";

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe("the offline door engine", () => {
  it("judges a scan that failed on the device at once, queued with the same scan id", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([{ id: ids.b, g: 1, s: "cancelled", n: "Bo", c: "ABCDE23456" }])];
    const engine = await openEngine(calls);
    await engine.sync();
    const checked = await engine.check(token(ids.a), "scan-1");
    expect(checked).toMatchObject({ offline: true, verdict: { verdict: "admitted" } });
    expect(server.seen.scans).toEqual(["scan-1"]);
    expect(engine.getState()).toMatchObject({ connection: "online", queueLength: 1 });
    // The second failure in a row switches offline; then no request is tried.
    expect((await engine.check(token(ids.b), "scan-2")).verdict.verdict).toBe("cancelled");
    expect(engine.getState().connection).toBe("offline");
    await engine.check(token(ids.a), "scan-3");
    expect(server.seen.scans).toEqual(["scan-1", "scan-2"]);
    engine.close();
  });

  it("uploads what a single failed scan queued as soon as the server answers the next scan", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([])];
    const engine = await openEngine(calls);
    await engine.sync();
    await engine.check(token(ids.a), "scan-1");
    expect(engine.getState()).toMatchObject({ connection: "online", queueLength: 1 });
    server.scan = async () =>
      admittedVerdict(
        { id: ids.b, attendeeName: "", ticketTypeName: "" },
        { id: eventId, title: "Night Market" },
        { id: "ci-2", at: now.toISOString(), time: "20:00", staffName: "Bea", deviceId: "d" },
      );
    expect(await engine.check(token(ids.b), "scan-2")).toMatchObject({ offline: false });
    // No upload asked for: the answered scan starts it.
    await vi.waitFor(() => expect(engine.getState().queueLength).toBe(0));
    expect(server.seen.uploads.flatMap((u) => u.admissions.map((a) => a.scanId))).toEqual([
      "scan-1",
    ]);
    engine.close();
  });

  it("notes an online admission in the copy: offline right after, the ticket is already in", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([])];
    const engine = await openEngine(calls);
    await engine.sync();
    const online = {
      id: "ci-1",
      at: now.toISOString(),
      time: "20:00",
      staffName: "Bea",
      deviceId: "desk",
    };
    server.scan = async () =>
      admittedVerdict(
        { id: ids.a, attendeeName: "", ticketTypeName: "" },
        { id: eventId, title: "Night Market" },
        online,
      );
    expect(await engine.check(token(ids.a), "scan-1")).toMatchObject({ offline: false });
    engine.networkGone();
    const again = await engine.check(token(ids.a), "scan-2");
    expect(again).toMatchObject({
      offline: true,
      verdict: { verdict: "already-checked-in", checkIn: online },
    });
    expect(engine.getState().queueLength).toBe(0);
    engine.close();
  });

  it("keeps the queue and the local check-in across a reload: a second scan says already in here", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([])];
    const first = await openEngine(calls);
    await first.sync();
    first.networkGone();
    await first.check(token(ids.a), "scan-1");
    first.close();

    const reopened = await openEngine(calls);
    expect(reopened.getState()).toMatchObject({ queueLength: 1 });
    reopened.networkGone();
    const again = await reopened.check(token(ids.a), "scan-2");
    expect(again.verdict).toMatchObject({
      verdict: "already-checked-in",
      checkIn: { staffName: "Cal", deviceId: "scanner-test" },
    });
    expect(reopened.getState().queueLength).toBe(1);
    reopened.close();
  });

  it("uploads in batches when online and removes only what the server answered", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([])];
    const timers = {
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      clearTimeout: (timer: unknown) => clearTimeout(timer as NodeJS.Timeout),
    };
    const engine = await openEngine(calls, userId, now, timers);
    await engine.sync();
    engine.networkGone();
    await engine.check(token(ids.a), "scan-a");
    await engine.check(token(ids.b), "scan-b");
    // Back online by hand: the probe answers.
    calls.probe = () => Promise.resolve();
    server.uploadAnswer = (input) => [
      {
        scanId: input.admissions[0]?.scanId ?? "",
        outcome: "conflict",
        reason: "already-in",
        verdict: {
          verdict: "already-checked-in",
          message: "Already",
          ticket: null,
          event: null,
          checkIn: null,
        },
      },
    ];
    server.pages = [page([], { full: false })];
    engine.networkBack();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.getState().connection).toBe("online");
    expect(server.seen.uploads[0]).toMatchObject({
      eventId,
      deviceId: "scanner-test",
      admissions: [
        { scanId: "scan-a", ticketId: ids.a, generation: 1, method: "scan" },
        { scanId: "scan-b", ticketId: ids.b, generation: 1, method: "scan" },
      ],
    });
    expect(engine.getState().queueLength).toBe(1);
    expect(engine.getState().conflicts).toMatchObject([{ scanId: "scan-a", reason: "already-in" }]);
    engine.close();
  });

  it("replaces the tickets on a full sync, merges a delta (twice the same), stores the cursor after the last page", async () => {
    const { server, calls } = fakeServer();
    server.pages = [
      page([{ id: ids.a, g: 1, s: "valid", n: "Ann", c: "ABCDE23456" }], { next: "p2" }),
      page([{ id: ids.b, g: 1, s: "valid", n: "Bo", c: "FGHJK23456" }]),
    ];
    const engine = await openEngine(calls);
    await engine.sync();
    const db = await openDoorDatabase();
    expect((await loadCopy(db, userId, eventId))?.cursor).toBe("500");

    const delta = page([{ id: ids.a, g: 2, s: "valid", n: "Ann", c: "MNPQR23456" }], {
      full: false,
      cursor: "600",
      next: "p2",
    });
    // A delta whose second page fails: nothing of it is kept, the cursor stays.
    server.pages = [delta, new Error("gone")];
    await expect(engine.sync()).rejects.toThrow();
    expect((await loadCopy(db, userId, eventId))?.cursor).toBe("500");
    server.pages = [
      delta,
      page([{ id: ids.c, g: 1, s: "cancelled" }], { full: false, cursor: "600" }),
    ];
    await engine.sync();
    expect(server.seen.syncs.slice(-2)).toEqual([
      { eventId, since: "500", after: null },
      { eventId, since: "500", after: "p2" },
    ]);
    server.pages = [{ ...delta, next: null }];
    await engine.sync();
    const merged = await loadCopy(db, userId, eventId);
    expect(merged?.cursor).toBe("600");
    expect([...(merged?.tickets.keys() ?? [])].sort()).toEqual([ids.a, ids.b, ids.c]);
    expect(merged?.tickets.get(ids.a)).toMatchObject({ g: 2, c: "MNPQR23456" });

    // A full list (the server may answer one to any sync) replaces the copy.
    server.pages = [page([{ id: ids.c, g: 1, s: "cancelled" }], { cursor: "700" })];
    await engine.sync();
    const replaced = await loadCopy(db, userId, eventId);
    expect([...(replaced?.tickets.keys() ?? [])]).toEqual([ids.c]);
    expect(await engine.search("ann")).toEqual([]);
    engine.close();
  });

  it("never runs two syncs at once", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([]), page([])];
    const engine = await openEngine(calls);
    await Promise.all([engine.sync(), engine.sync()]);
    expect(server.seen.syncs).toHaveLength(1);
    engine.close();
  });

  it("keeps a queued admission checked in over a sync that does not know of it yet", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([{ id: ids.a, g: 1, s: "valid", n: "Ann Lee", c: "ABCDE23456" }])];
    const engine = await openEngine(calls);
    await engine.sync();
    engine.networkGone();
    await engine.check("abcde-23456", "typed-1");
    server.pages = [page([{ id: ids.a, g: 1, s: "valid", n: "Ann Lee", c: "ABCDE23456" }])];
    await engine.sync();
    const shown = await engine.check(token(ids.a), "scan-2");
    expect(shown.verdict.verdict).toBe("already-checked-in");
    expect(await engine.search("lee")).toMatchObject([{ id: ids.a, s: "checked-in" }]);
    engine.close();
  });

  it("removes an event's data once it ended more than the kept time ago, and other users' data", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([{ id: ids.a, g: 1, s: "cancelled" }])];
    const engine = await openEngine(calls);
    await engine.sync();
    engine.close();
    const db = await openDoorDatabase();
    expect(await loadCopy(db, userId, eventId)).not.toBeNull();

    const later = new Date(now.getTime() + 3_600_000 + DOOR_DATA_KEPT_AFTER_END_MS + 60_000);
    (await openEngine(calls, userId, later)).close();
    expect(await loadCopy(db, userId, eventId)).toBeNull();

    server.pages = [page([{ id: ids.a, g: 1, s: "cancelled" }])];
    const again = await openEngine(calls);
    await again.sync();
    again.close();
    (await openEngine(calls, "someone-else")).close();
    expect(await loadCopy(db, userId, eventId)).toBeNull();
  });

  it("signing out sends this person's admissions made offline, then removes everything", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([])];
    const engine = await openEngine(calls);
    await engine.sync();
    engine.networkGone();
    await engine.check(token(ids.a), "scan-1");
    engine.close();
    await uploadThenClearDoorData(userId, calls);
    expect(server.seen.uploads.flatMap((u) => u.admissions.map((a) => a.scanId))).toEqual([
      "scan-1",
    ]);
    const databases = await indexedDB.databases();
    expect(databases.map((d) => d.name)).not.toContain("door-v1");
  });

  it("clearDoorData deletes the database and the door's caches, and only those", async () => {
    const { server, calls } = fakeServer();
    server.pages = [page([{ id: ids.a, g: 1, s: "cancelled" }])];
    const engine = await openEngine(calls);
    await engine.sync();
    const names = new Set(["door-assets-v1", "door-pages", "other-cache"]);
    globalThis.caches = {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    } as unknown as CacheStorage;
    try {
      await clearDoorData();
    } finally {
      Reflect.deleteProperty(globalThis, "caches");
    }
    expect([...names]).toEqual(["other-cache"]);
    const databases = await indexedDB.databases();
    expect(databases.map((d) => d.name)).not.toContain("door-v1");
    engine.close();
  });
});
