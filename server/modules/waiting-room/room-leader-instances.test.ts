import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WAITING_ROOM_KIND, waitingRoomTopic } from "#contract/waiting-room.ts";
import { eventWaitingRooms } from "#server/modules/events/events.schema.ts";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createRealtimeHub, type RealtimeEvent } from "#server/platform/realtime/realtime-hub.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { makeEvent, makeUser } from "#tests/support/kits/holds-test-kit.ts";
import { testDatabaseUrl } from "#tests/support/postgres.ts";
import { tickRooms } from "./room-leader.ts";
import { loadRoom } from "./room-view.ts";

const NOBODY = "00000000-0000-0000-0000-000000000000";

/**
 * Two instances on one PostgreSQL (two pools, as two processes would have): both tick
 * every round, the advisory lock lets one at a time move the mark, and both read the same
 * mark, which reaches the other instance's live streams.
 */
describe.each(postgresOnly)("the waiting room's leader across instances on $name", ({ open }) => {
  let first: TestDatabase;
  let second: DatabaseHandle;
  beforeAll(async () => {
    first = await open();
    // The same database the first handle opened, through a pool of its own.
    const [row] = await rowsOf<{ name: string }>(first.db, sql`select current_database() as name`);
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${row?.name}`;
    second = await openDatabase({ databaseUrl: url.toString(), pgliteDir: "", poolMax: 8 });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.dispose();
  });

  it("agree on the mark: one leader at a time, never more admitted than the checkouts", async () => {
    const { event } = await makeEvent(first.db, { types: [{ capacity: 500 }] });
    await first.db.insert(eventWaitingRooms).values({
      eventId: event.id,
      saleStartsAt: new Date(Date.now() - 1000),
      checkoutCapacity: 5,
    });
    const people = await Promise.all(Array.from({ length: 60 }, () => makeUser(first.db)));
    for (const person of people) {
      await first.db.execute(
        sql`insert into waiting_places (event_id, user_id, early) values (${event.id}, ${person.id}, false)`,
      );
    }
    const hub = createRealtimeHub(second, createLogger("silent"));
    await hub.start();
    const heard: RealtimeEvent[] = [];
    const unsubscribe = hub.subscribe({
      topics: new Map([[waitingRoomTopic(event.id), null]]),
      deliver: (message) => heard.push(message),
    });
    try {
      const rounds = async (count: number) => {
        let skipped = 0;
        for (let i = 0; i < count; i++) {
          const turns = await Promise.all([tickRooms(first.db, 120), tickRooms(second.db, 120)]);
          skipped += turns.filter((turn) => turn === null).length;
        }
        return skipped;
      };
      const skipped = await rounds(15);
      const marks = async () => [
        (await loadRoom(first.db, event.id, NOBODY)).admitted_through,
        (await loadRoom(second.db, event.id, NOBODY)).admitted_through,
      ];
      // Fifteen rounds of two leaders each, yet five checkouts: five admitted, no more.
      expect(await marks()).toEqual([5, 5]);
      expect(skipped).toBeGreaterThan(0);
      // The five do not show: after the no-show time the next five get their turn.
      await first.db.execute(
        sql`update waiting_places set admitted_at = admitted_at - interval '3 minutes'
          where event_id = ${event.id} and admitted_at is not null`,
      );
      await rounds(5);
      expect(await marks()).toEqual([10, 10]);
      const admitted = await rowsOf<{ place: number }>(
        first.db,
        sql`select place from waiting_places where event_id = ${event.id} and admitted_at is not null
          order by place`,
      );
      expect(admitted.map((row) => row.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // Published by whichever instance led, heard by the other's hub, in order.
      await expect
        .poll(() => heard.at(-1)?.payload, { timeout: 5000 })
        .toMatchObject({
          admittedThrough: 10,
          placed: 60,
        });
      const pushed = heard.map((message) => {
        expect(message.kind).toBe(WAITING_ROOM_KIND);
        return (message.payload as { admittedThrough: number }).admittedThrough;
      });
      expect(pushed).toEqual([...pushed].sort((a, b) => a - b));
    } finally {
      unsubscribe();
      await hub.stop();
    }
  });
});
