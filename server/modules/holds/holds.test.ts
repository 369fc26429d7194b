import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  expireNow,
  inventoryOf,
  makeEvent,
  makeUser,
  newKey,
  nth,
} from "#tests/support/kits/holds-test-kit.ts";
import { releaseHoldsWhereStatement, takeTicketsStatement } from "./hold-statements.ts";
import { expireHolds, startHoldSweep } from "./hold-sweep.ts";
import { holdTickets, releaseHold } from "./hold-tickets.ts";
import { liveHoldView } from "./hold-view.ts";

async function failure(promise: Promise<unknown>): Promise<FunctionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FunctionError) return error;
    throw error;
  }
  throw new Error("expected a FunctionError");
}

describe.each(testDatabases)("holds on $name", (database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const deps = () => ({ db: db.db, holdMinutes: 10 });
  const hold = (
    userId: string,
    eventRef: string,
    lines: { ticketTypeId: string; quantity: number }[],
  ) => holdTickets(deps(), userId, { eventRef, lines, idempotencyKey: newKey() });

  it("takes tickets for a while and counts them as taken", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 5, priceMinor: 1500 }] });
    const type = nth(types, 0);
    const user = await makeUser(db.db);
    const view = await hold(user.id, event.shortId, [{ ticketTypeId: type.id, quantity: 2 }]);
    expect(view).toMatchObject({
      eventId: event.id,
      status: "active",
      live: true,
      ticketCount: 2,
      totalMinor: 3000,
    });
    expect(new Date(view.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await inventoryOf(db.db, type.id)).toMatchObject({ taken: 2, held: 2 });
    expect(await liveHoldView(db.db, event.id, user.id)).toMatchObject({ id: view.id });
  });

  it("refuses a hold when fewer tickets remain than asked, saying how many are left", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 3 }] });
    const [a, b] = [await makeUser(db.db), await makeUser(db.db)];
    await hold(a.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]);
    const few = await failure(
      hold(b.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 3 }]),
    );
    expect(few.message).toBe("Only 2 tickets left.");
    await hold(b.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    const c = await makeUser(db.db);
    const none = await failure(
      hold(c.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]),
    );
    expect(none.message).toBe("Sold out.");
    expect(none.details).toMatchObject({ reason: "sold-out" });
  });

  it("holds several types all or nothing", async () => {
    const { event, types } = await makeEvent(db.db, {
      types: [
        { name: "Standing", capacity: 10 },
        { name: "VIP", capacity: 1 },
      ],
    });
    const [standing, vip] = [nth(types, 0), nth(types, 1)];
    const user = await makeUser(db.db);
    const refused = await failure(
      hold(user.id, event.id, [
        { ticketTypeId: standing.id, quantity: 2 },
        { ticketTypeId: vip.id, quantity: 2 },
      ]),
    );
    expect(refused.message).toBe("VIP: only 1 ticket left.");
    expect((await inventoryOf(db.db, standing.id)).taken).toBe(0);
    const held = await hold(user.id, event.id, [
      { ticketTypeId: standing.id, quantity: 2 },
      { ticketTypeId: vip.id, quantity: 1 },
    ]);
    expect(held.items.map((i) => [i.name, i.quantity])).toEqual([
      ["Standing", 2],
      ["VIP", 1],
    ]);
    expect((await inventoryOf(db.db, standing.id)).taken).toBe(2);
    expect((await inventoryOf(db.db, vip.id)).taken).toBe(1);
  });

  it("replaces the user's hold for the event, freeing its tickets first", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 3 }] });
    const user = await makeUser(db.db);
    const first = await hold(user.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    const second = await hold(user.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 3 }]);
    expect(second.id).not.toBe(first.id);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 3, held: 3 });
    const tooMany = await failure(
      hold(user.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 4 }]),
    );
    expect(tooMany.message).toBe("Only 3 tickets left.");
    // The refused replacement left the second hold in place.
    expect(await liveHoldView(db.db, event.id, user.id)).toMatchObject({
      id: second.id,
      ticketCount: 3,
    });
  });

  it("enforces the per-order limit, the sales window and the event's state", async () => {
    const { event, types } = await makeEvent(db.db, {
      types: [
        { perOrderLimit: 4 },
        { salesStartAt: new Date("2099-12-12T18:00:00Z") },
        { salesEndAt: new Date(Date.now() - 1000), salesStartAt: new Date(Date.now() - 10_000) },
      ],
    });
    const user = await makeUser(db.db);
    const limit = await failure(
      hold(user.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 5 }]),
    );
    expect(limit.message).toBe("At most 4 tickets per order.");
    expect(limit.status).toBe("INVALID_ARGUMENT");
    const early = await failure(
      hold(user.id, event.id, [{ ticketTypeId: nth(types, 1).id, quantity: 1 }]),
    );
    expect(early.message).toBe("Sales open on 12 Dec 2099, 18:00.");
    const late = await failure(
      hold(user.id, event.id, [{ ticketTypeId: nth(types, 2).id, quantity: 1 }]),
    );
    expect(late.message).toBe("Sales have ended.");
    const cancelled = await makeEvent(db.db, { status: "cancelled" });
    const gone = await failure(
      hold(user.id, cancelled.event.id, [
        { ticketTypeId: nth(cancelled.types, 0).id, quantity: 1 },
      ]),
    );
    expect(gone.message).toBe("This event was cancelled.");
    const draft = await makeEvent(db.db, { status: "draft" });
    expect(
      (
        await failure(
          hold(user.id, draft.event.id, [{ ticketTypeId: nth(draft.types, 0).id, quantity: 1 }]),
        )
      ).status,
    ).toBe("NOT_FOUND");
    const other = await makeEvent(db.db);
    expect(
      (
        await failure(
          hold(user.id, event.id, [{ ticketTypeId: nth(other.types, 0).id, quantity: 1 }]),
        )
      ).status,
    ).toBe("NOT_FOUND");
  });

  it("returns an expired hold's tickets through the sweep", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2 }] });
    const user = await makeUser(db.db);
    const view = await hold(user.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    await expireNow(db.db, view.id);
    expect(await liveHoldView(db.db, event.id, user.id)).toBeNull();
    expect(await expireHolds(db.db)).toBeGreaterThanOrEqual(1);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 0, held: 0 });
  });

  it("frees expired holds on its own through the periodic sweep, and stops cleanly", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2 }] });
    const user = await makeUser(db.db);
    const view = await hold(user.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    await expireNow(db.db, view.id);
    const stop = startHoldSweep(db.db, createLogger("silent"), 1);
    try {
      const deadline = Date.now() + 5_000;
      while ((await inventoryOf(db.db, nth(types, 0).id)).taken > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await stop();
    }
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 0, held: 0 });
  });

  it("returns an expired hold's tickets without the sweep when a new hold needs them", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2 }] });
    const [a, b] = [await makeUser(db.db), await makeUser(db.db)];
    const first = await hold(a.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    await expireNow(db.db, first.id);
    const second = await hold(b.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    expect(second.live).toBe(true);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 2, held: 2 });
  });

  it("answers a retried request with the first hold", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 1 }] });
    const user = await makeUser(db.db);
    const request = {
      eventRef: event.id,
      lines: [{ ticketTypeId: nth(types, 0).id, quantity: 1 }],
      idempotencyKey: newKey(),
    };
    const first = await holdTickets(deps(), user.id, request);
    const again = await holdTickets(deps(), user.id, request);
    expect(again.id).toBe(first.id);
    expect((await inventoryOf(db.db, nth(types, 0).id)).taken).toBe(1);
  });

  it("commits hold statements asynchronously, but leaves an event's cancellation durable", async () => {
    const { event, types } = await makeEvent(db.db);
    const user = await makeUser(db.db);
    const setting = sql`select current_setting('synchronous_commit') as value`;
    const [before] = await rowsOf<{ value: string }>(db.db, setting);
    const inCancellation = await db.db.transaction(async (tx) => {
      await tx.execute(releaseHoldsWhereStatement({ eventId: event.id }));
      return (await rowsOf<{ value: string }>(tx, setting))[0]?.value;
    });
    expect(inCancellation).toBe(before?.value);
    const inHold = await db.db.transaction(async (tx) => {
      await tx.execute(
        takeTicketsStatement({
          holdId: newKey(),
          userId: user.id,
          eventId: event.id,
          lines: [{ ticketTypeId: nth(types, 0).id, quantity: 1 }],
          holdMinutes: 10,
          idempotencyKey: newKey(),
        }),
      );
      return (await rowsOf<{ value: string }>(tx, setting))[0]?.value;
    });
    expect(inHold).toBe("off");
  });

  it("releases a hold of its owner only", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2 }] });
    const [owner, stranger] = [await makeUser(db.db), await makeUser(db.db)];
    const view = await hold(owner.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    expect((await failure(releaseHold(db.db, stranger.id, view.id))).status).toBe("NOT_FOUND");
    expect(await releaseHold(db.db, owner.id, view.id)).toEqual({
      released: true,
      status: "released",
    });
    expect(await releaseHold(db.db, owner.id, view.id)).toEqual({
      released: false,
      status: "released",
    });
    expect((await inventoryOf(db.db, nth(types, 0).id)).taken).toBe(0);
  });
});
