import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";

describe.each(testDatabases)("notifications on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  async function notify(userId: string, count: number, sameTime = false) {
    const at = Date.now();
    await db.db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        kind: "organizer-message" as const,
        title: `Message ${i}`,
        body: `Body ${i}`,
        // Some rows share a time: the cursor must still not skip or repeat them.
        createdAt: new Date(sameTime ? at - Math.floor(i / 3) : at - i),
      })),
    );
  }

  it("pages through 1,000 notifications newest first, each exactly once", async () => {
    const me = await kit.user();
    await notify(me.user.id, 1000, true);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await me.call("notifications.list", cursor ? { cursor } : {});
      seen.push(...page.items.map((n: { id: string }) => n.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(50);
    expect(new Set(seen).size).toBe(1000);
    expect((await me.call("notifications.unreadCount", null)).count).toBe(1000);
    expect((await refusal(me.call("notifications.list", { cursor: "bad" }))).status).toBe(
      "INVALID_ARGUMENT",
    );
  });

  it("marks one read when opened, and all at once; another user's is NOT_FOUND", async () => {
    const me = await kit.user();
    await notify(me.user.id, 3);
    const { items } = await me.call("notifications.list", null);
    expect(items.map((n: { title: string }) => n.title)).toEqual([
      "Message 0",
      "Message 1",
      "Message 2",
    ]);
    const opened = await me.call("notifications.get", { id: items[1].id });
    expect(opened).toMatchObject({ title: "Message 1", read: true });
    expect((await me.call("notifications.unreadCount", null)).count).toBe(2);
    const stranger = await kit.user();
    for (const id of [items[0].id, randomUUID(), "nope"]) {
      expect((await refusal(stranger.call("notifications.get", { id }))).status).toBe("NOT_FOUND");
    }
    expect(await me.call("notifications.markAllRead", null)).toEqual({ marked: 2 });
    expect((await me.call("notifications.unreadCount", null)).count).toBe(0);
  });
});
