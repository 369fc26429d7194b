import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdEventFacts, priceHold } from "#server/modules/payments/checkout-quote.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { codesKit, hideType, insertCode } from "#tests/support/kits/codes-test-kit.ts";
import {
  inventoryOf,
  makeEvent,
  makeUser,
  newKey,
  nth,
} from "#tests/support/kits/holds-test-kit.ts";
import type { InventoryDeps } from "./hold-request.ts";
import { holdTickets, releaseHold } from "./hold-tickets.ts";

async function failure(promise: Promise<unknown>): Promise<FunctionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FunctionError) return error;
    throw error;
  }
  throw new Error("expected a FunctionError");
}

describe.each(testDatabases)("holds with a code on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof codesKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await codesKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const deps = (extra: Partial<InventoryDeps> = {}): InventoryDeps => ({
    db: db.db,
    holdMinutes: 10,
    ...extra,
  });
  const hold = (
    userId: string,
    eventRef: string,
    lines: { ticketTypeId: string; quantity: number }[],
    code?: string,
    extra: Partial<InventoryDeps> = {},
  ) => holdTickets(deps(extra), userId, { eventRef, lines, idempotencyKey: newKey(), code });

  it("counts a live or booked hold as a use of the person's, and gives it back when let go", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ priceMinor: 1000 }] });
    const line = [{ ticketTypeId: nth(types, 0).id, quantity: 1 }];
    await insertCode(db.db, event.id, { code: "ONCE-EACH", maxPerPerson: 1 });
    const me = await kit.buyer();
    const first = await hold(me.user.id, event.id, line, "once-each");
    expect(first.code).toBe("ONCE-EACH");
    // A second hold while the first is live replaces it: not a second order.
    const again = await hold(me.user.id, event.id, line, "ONCE-EACH");
    expect(again.id).not.toBe(first.id);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 1, held: 1 });
    // Let go: the use is back.
    await releaseHold(db.db, me.user.id, again.id);
    const third = await hold(me.user.id, event.id, line, "ONCE-EACH");
    // Booked: the person's one use is spent.
    await me.call("bookings.confirm", {
      holdId: third.id,
      attendees: [{ name: "Ada" }],
      idempotencyKey: newKey(),
    });
    const refused = await failure(hold(me.user.id, event.id, line, "ONCE-EACH"));
    expect([refused.status, refused.message, refused.details]).toEqual([
      "FAILED_PRECONDITION",
      "You have used this code as many times as it allows.",
      { reason: "per-person" },
    ]);
    // Another person still may.
    const other = await makeUser(db.db);
    expect((await hold(other.id, event.id, line, "ONCE-EACH")).code).toBe("ONCE-EACH");
  });

  it("judges the code's window by the clock it is given", async () => {
    const { event, types } = await makeEvent(db.db);
    const from = new Date("2026-03-01T10:00:00Z");
    const until = new Date("2026-03-01T12:00:00Z");
    await insertCode(db.db, event.id, { code: "MORNING", validFrom: from, validUntil: until });
    const me = await makeUser(db.db);
    const line = [{ ticketTypeId: nth(types, 0).id, quantity: 1 }];
    const at = (iso: string) => ({ now: () => new Date(iso) });
    const early = await failure(hold(me.id, event.id, line, "MORNING", at("2026-03-01T09:59:59Z")));
    expect([early.status, early.details]).toMatchObject([
      "FAILED_PRECONDITION",
      { reason: "not-yet", validFrom: from.toISOString() },
    ]);
    expect(early.message).toBe("This code is valid from 1 Mar 2026, 10:00.");
    const late = await failure(hold(me.id, event.id, line, "MORNING", at("2026-03-01T12:00:00Z")));
    expect([late.message, late.details]).toEqual(["This code has expired.", { reason: "expired" }]);
    const inside = await hold(me.id, event.id, line, "MORNING", at("2026-03-01T11:00:00Z"));
    expect(inside).toMatchObject({ status: "active", code: "MORNING" });
  });

  it("sells a hidden type only with a code that names it", async () => {
    const { event, types } = await makeEvent(db.db, {
      types: [{ name: "Standard" }, { name: "Press", capacity: 5 }],
    });
    const press = nth(types, 1);
    await hideType(db.db, press.id);
    await insertCode(db.db, event.id, { code: "PRESS", ticketTypeIds: [press.id] });
    await insertCode(db.db, event.id, { code: "EVERYONE" });
    const me = await makeUser(db.db);
    const line = [{ ticketTypeId: press.id, quantity: 1 }];
    for (const batching of [true, false]) {
      const refused = await failure(hold(me.id, event.id, line, undefined, { batching }));
      expect([refused.status, refused.message]).toEqual([
        "NOT_FOUND",
        "This ticket type is not sold for this event.",
      ]);
    }
    const everyone = await failure(hold(me.id, event.id, line, "EVERYONE"));
    expect([everyone.status, everyone.message]).toEqual([
      "NOT_FOUND",
      "This ticket type is not sold for this event.",
    ]);
    const unlocked = await hold(me.id, event.id, line, "press");
    expect(unlocked).toMatchObject({ code: "PRESS", items: [{ name: "Press", quantity: 1 }] });
    expect(await inventoryOf(db.db, press.id)).toMatchObject({ taken: 1, held: 1 });
  });

  it("refuses another event's code as not valid for this event", async () => {
    const { event, types } = await makeEvent(db.db);
    const other = await makeEvent(db.db);
    await insertCode(db.db, other.event.id, { code: "THEIRS" });
    const me = await makeUser(db.db);
    const refused = await failure(
      hold(me.id, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }], "THEIRS"),
    );
    expect([refused.status, refused.message]).toEqual([
      "NOT_FOUND",
      "This code is not valid for this event.",
    ]);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 0 });
  });

  it("answers a retry with the same key with the first hold, even once the code is used up", async () => {
    const { event, types } = await makeEvent(db.db);
    await insertCode(db.db, event.id, { code: "SOLO", maxUses: 1 });
    const me = await makeUser(db.db);
    const request = {
      eventRef: event.id,
      lines: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
      idempotencyKey: newKey(),
      code: "SOLO",
    };
    const [a, b] = await Promise.all([
      holdTickets(deps(), me.id, request),
      holdTickets(deps(), me.id, request),
    ]);
    expect(b.id).toBe(a.id);
    expect((await holdTickets(deps(), me.id, request)).id).toBe(a.id);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 2, held: 2 });
  });

  it("writes the discount on the hold, the booking and the checkout's lines", async () => {
    const { event, types } = await makeEvent(db.db, {
      types: [
        { name: "Standard", priceMinor: 1250 },
        { name: "Balcony", priceMinor: 300 },
      ],
    });
    const [standard, balcony] = [nth(types, 0), nth(types, 1)];
    await insertCode(db.db, event.id, {
      code: "TWENTY",
      discount: { kind: "percent", percent: 20 },
      ticketTypeIds: [standard.id],
    });
    await insertCode(db.db, event.id, {
      code: "FIVE",
      discount: { kind: "fixed", amountMinor: 500 },
    });
    const me = await kit.buyer();
    const lines = [
      { ticketTypeId: standard.id, quantity: 2 },
      { ticketTypeId: balcony.id, quantity: 1 },
    ];
    const twenty = await hold(me.user.id, event.id, lines, "TWENTY");
    // 20 % of 1250 is 250 off each Standard; the code does not apply to Balcony.
    expect(twenty.items.map((i) => [i.name, i.unitPriceMinor, i.discountMinor])).toEqual([
      ["Standard", 1000, 250],
      ["Balcony", 300, 0],
    ]);
    expect(twenty).toMatchObject({ code: "TWENTY", discountMinor: 500, totalMinor: 2300 });
    const settings = { PLATFORM_FEE_PERCENT: 0, PLATFORM_FEE_FIXED_MINOR: 0 };
    const quote = priceHold(twenty, await holdEventFacts(db.db, twenty), settings);
    expect(quote.lines.map((l) => [l.kind, l.label, l.totalMinor])).toEqual([
      ["ticket", "Standard", 2500],
      ["ticket", "Balcony", 300],
      ["discount", "Code TWENTY", -500],
    ]);
    expect(quote.lines.reduce((sum, l) => sum + l.totalMinor, 0)).toBe(quote.totalMinor);
    expect(quote.totalMinor).toBe(2300);

    // 500 off a 300 ticket takes 300: free, never below nothing.
    const five = await hold(me.user.id, event.id, lines, "FIVE");
    expect(five.items.map((i) => [i.name, i.unitPriceMinor, i.discountMinor])).toEqual([
      ["Standard", 750, 500],
      ["Balcony", 0, 300],
    ]);
    expect(five).toMatchObject({ discountMinor: 1300, totalMinor: 1500 });
    const booking = await me.call("bookings.confirm", {
      holdId: five.id,
      attendees: [{ name: "A" }, { name: "B" }, { name: "C" }],
      idempotencyKey: newKey(),
    });
    expect(booking).toMatchObject({ code: "FIVE", totalMinor: 1500 });
    expect(
      booking.items
        .map((i: { name: string; unitPriceMinor: number; discountMinor: number }) => [
          i.name,
          i.unitPriceMinor,
          i.discountMinor,
        ])
        .sort(),
    ).toEqual([
      ["Balcony", 0, 300],
      ["Standard", 750, 500],
    ]);
  });
});

describe.each(testDatabases.filter((d) => d.name === "postgres"))(
  "a code's last uses raced for on $name",
  (database) => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await database.open();
    }, 120_000);
    afterAll(async () => {
      await db?.dispose();
    });

    it.each([1, 3])("gives %i use(s) to exactly that many of 50 buyers racing", async (maxUses) => {
      const { event, types } = await makeEvent(db.db, { types: [{ capacity: 200 }] });
      const code = await insertCode(db.db, event.id, { code: "LAST", maxUses });
      const buyers = await Promise.all(Array.from({ length: 50 }, () => makeUser(db.db)));
      const outcomes = await Promise.allSettled(
        buyers.map((buyer) =>
          holdTickets({ db: db.db, holdMinutes: 10 }, buyer.id, {
            eventRef: event.id,
            lines: [{ ticketTypeId: nth(types, 0).id, quantity: 1 }],
            idempotencyKey: newKey(),
            code: "last",
          }),
        ),
      );
      const held = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
      expect(held).toHaveLength(maxUses);
      expect(refused).toHaveLength(50 - maxUses);
      for (const reason of refused) {
        expect(reason).toBeInstanceOf(FunctionError);
        expect((reason as FunctionError).details).toEqual({ reason: "used-up" });
      }
      const [stored] = await rowsOf<{ holds: number }>(
        db.db,
        sql`select count(*)::int as holds from holds where code_id = ${code.id}`,
      );
      expect(stored?.holds).toBe(maxUses);
      expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
        taken: maxUses,
        held: maxUses,
      });
    });
  },
);
