import { describe, expect, it } from "vitest";
import { doorStatusTexts, syncAge } from "./door-status-text.ts";

const now = Date.parse("2026-07-10T20:00:00.000Z");
const base = {
  connection: "online" as const,
  queueLength: 0,
  lastSyncAt: "2026-07-10T19:59:30.000Z",
  syncing: false,
  searchable: true,
};

describe("the door banner's texts", () => {
  it("says online, nothing waiting, synced just now, search available", () => {
    expect(doorStatusTexts(base, now)).toEqual({
      state: "Online",
      queue: "No check-ins waiting to upload",
      sync: "Last synced just now",
      search: "Search by name works offline",
    });
  });

  it("says offline with the queue's length, and that search needs the network", () => {
    const texts = doorStatusTexts(
      { ...base, connection: "offline", queueLength: 3, searchable: false },
      now,
    );
    expect(texts.state).toBe("Offline — checking on this device");
    expect(texts.queue).toBe("3 check-ins waiting to upload");
    expect(texts.search).toBe("Search by name needs the network (scanning works offline)");
    expect(doorStatusTexts({ ...base, queueLength: 1 }, now).queue).toBe(
      "1 check-in waiting to upload",
    );
  });

  it("gives the age of the last sync, or says there was none, or that one is running", () => {
    expect(syncAge(null, now)).toBe("Never synced on this device");
    expect(syncAge("2026-07-10T19:58:00.000Z", now)).toBe("Last synced 2 min ago");
    expect(syncAge("2026-07-10T17:59:00.000Z", now)).toBe("Last synced 2 h ago");
    expect(doorStatusTexts({ ...base, syncing: true }, now).sync).toBe("Syncing now…");
  });
});
