import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { codeInput, codesKit, hideType } from "#tests/support/kits/codes-test-kit.ts";
import { expireNow, makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";

describe.each(testDatabases)("codes on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof codesKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await codesKit(db, { PLATFORM_FEE_PERCENT: "10", PLATFORM_FEE_FIXED_MINOR: "0" });
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  async function ownedEvent() {
    const made = await makeEvent(db.db, {
      types: [
        { name: "Standard", priceMinor: 1250 },
        { name: "Press", priceMinor: 0 },
      ],
    });
    await hideType(db.db, nth(made.types, 1).id);
    return { ...made, owner: kit.asUser(made.owner.id) };
  }

  it("saves, lists and removes an event's codes for its owner, with links and uses", async () => {
    const { event, types, owner } = await ownedEvent();
    const saved = await owner.call(
      "codes.save",
      codeInput(event.id, {
        code: " spring-20 ",
        discount: { kind: "percent", percent: 20 },
        maxUses: 5,
      }),
    );
    expect(saved).toMatchObject({
      code: "SPRING-20",
      discount: { kind: "percent", percent: 20 },
      maxUses: 5,
      uses: 0,
      link: `/concert-of-tests-${event.shortId}?code=SPRING-20`,
    });
    const buyer = await kit.buyer();
    const hold = await buyer.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
      idempotencyKey: newKey(),
      code: "spring-20",
    });
    const view = await owner.call("codes.forEvent", { eventId: event.id });
    expect(view).toMatchObject({ eventId: event.id, shortId: event.shortId, currency: "EUR" });
    expect(
      view.ticketTypes.map((t: { name: string; hidden: boolean }) => [t.name, t.hidden]),
    ).toEqual([
      ["Standard", false],
      ["Press", true],
    ]);
    expect(view.codes).toHaveLength(1);
    expect(view.codes[0]).toMatchObject({ id: saved.id, uses: 1 });
    // A hold that runs out is no longer a use.
    await expireNow(db.db, hold.id);
    expect((await owner.call("codes.forEvent", { eventId: event.id })).codes[0].uses).toBe(0);
    const changed = await owner.call(
      "codes.save",
      codeInput(event.id, {
        id: saved.id,
        code: "SPRING-25",
        discount: { kind: "fixed", amountMinor: 300 },
      }),
    );
    expect(changed).toMatchObject({ id: saved.id, code: "SPRING-25", maxUses: null });
    expect(await owner.call("codes.remove", { eventId: event.id, id: saved.id })).toEqual({
      removed: true,
    });
    expect((await owner.call("codes.forEvent", { eventId: event.id })).codes).toEqual([]);
    // The hold made with it keeps its prices.
    const [item] = await rowsOf<{ unit_price_minor: number; discount_minor: number }>(
      db.db,
      sql`select unit_price_minor, discount_minor from hold_items where hold_id = ${hold.id}`,
    );
    expect(item).toMatchObject({ unit_price_minor: 1000, discount_minor: 250 });
  });

  it("answers NOT_FOUND to anyone but the event's owner", async () => {
    const { event } = await ownedEvent();
    const other = await makeEvent(db.db);
    const stranger = kit.asUser(other.owner.id);
    for (const [name, data] of [
      ["codes.forEvent", { eventId: event.id }],
      ["codes.save", codeInput(event.id)],
      ["codes.remove", { eventId: event.id, id: "00000000-0000-4000-8000-000000000000" }],
    ] as const) {
      const refused = await stranger.fail(name, data);
      expect([name, refused.status, refused.message]).toEqual([
        name,
        "NOT_FOUND",
        "Event not found.",
      ]);
    }
    // Without a business at all: sent to the business form, as every organiser function.
    const buyer = await kit.buyer();
    expect((await buyer.fail("codes.forEvent", { eventId: event.id })).details).toMatchObject({
      reason: "no-business",
    });
  });

  it("refuses each invalid field with its path, and a duplicate whatever its case", async () => {
    const { event, owner } = await ownedEvent();
    const other = await makeEvent(db.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: "ab" }, "code", "Use 3 to 40 letters, digits, - or _."],
      [{ code: "two words" }, "code", "Use 3 to 40 letters, digits, - or _."],
      [
        { discount: { kind: "percent", percent: 0 } },
        "discount.percent",
        "Enter a percentage from 1 to 100.",
      ],
      [
        { discount: { kind: "percent", percent: 101 } },
        "discount.percent",
        "Enter a percentage from 1 to 100.",
      ],
      [
        { discount: { kind: "fixed", amountMinor: 0 } },
        "discount.amountMinor",
        "Enter an amount above 0.",
      ],
      [{ maxUses: 0 }, "maxUses", "Enter at least 1 use, or no limit."],
      [{ maxPerPerson: 0 }, "maxPerPerson", "Enter at least 1 use per person, or no limit."],
      [
        { validFrom: "2026-06-01T10:00:00Z", validUntil: "2026-06-01T10:00:00Z" },
        "validUntil",
        "The end must be after the start.",
      ],
      [
        { ticketTypeIds: [nth(other.types, 0).id] },
        "ticketTypeIds.0",
        "Choose a ticket type of this event.",
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const refused = await owner.fail("codes.save", { ...codeInput(event.id), ...overrides });
      expect([refused.status, refused.details]).toEqual([
        "INVALID_ARGUMENT",
        [expect.objectContaining({ path, message })],
      ]);
    }
    await owner.call("codes.save", codeInput(event.id, { code: "PRESS" }));
    const twin = await owner.fail("codes.save", codeInput(event.id, { code: "press" }));
    expect([twin.status, twin.message]).toEqual([
      "ALREADY_EXISTS",
      "This event already has the code PRESS.",
    ]);
    // Another event may have the same code.
    const elsewhere = kit.asUser(other.owner.id);
    expect(
      (await elsewhere.call("codes.save", codeInput(other.event.id, { code: "PRESS" }))).code,
    ).toBe("PRESS");
  });

  it("checks a code: prices after it, all-in, and the hidden types it unlocks", async () => {
    const { event, types, owner } = await ownedEvent();
    await db.db.execute(
      sql`update ticket_types set payment_method = 'card' where event_id = ${event.id}`,
    );
    await owner.call(
      "codes.save",
      codeInput(event.id, {
        code: "FRIENDS",
        discount: { kind: "percent", percent: 20 },
        ticketTypeIds: [nth(types, 0).id, nth(types, 1).id],
      }),
    );
    const anyone = kit.as(null);
    const answer = await anyone.call("codes.check", { eventId: event.shortId, code: "friends" });
    // 1250 − 20 % = 1000; the 10 % card fee on that: 100.
    expect(answer).toMatchObject({
      code: "FRIENDS",
      discount: { kind: "percent", percent: 20 },
      summary: "20 % off Standard, Press; unlocks Press",
      prices: [
        {
          ticketTypeId: nth(types, 0).id,
          discountMinor: 250,
          priceMinor: 1000,
          allInPriceMinor: 1100,
        },
        { ticketTypeId: nth(types, 1).id, discountMinor: 0, priceMinor: 0, allInPriceMinor: 0 },
      ],
    });
    expect(answer.hiddenTypes).toEqual([
      expect.objectContaining({ id: nth(types, 1).id, name: "Press", onSale: true }),
    ]);
    // "Every type" does not unlock hidden ones.
    await owner.call("codes.save", codeInput(event.id, { code: "ALL" }));
    const all = await anyone.call("codes.check", { eventId: event.id, code: "ALL" });
    expect(all.prices.map((p: { ticketTypeId: string }) => p.ticketTypeId)).toEqual([
      nth(types, 0).id,
    ]);
    expect(all.hiddenTypes).toEqual([]);
    expect(all.summary).toBe("Valid for this event");
  });

  it("refuses an unknown code, another event's code, and one not yet valid, expired or used up", async () => {
    const { event, types, owner } = await ownedEvent();
    const other = await makeEvent(db.db);
    await kit
      .asUser(other.owner.id)
      .call("codes.save", codeInput(other.event.id, { code: "THEIRS" }));
    const hour = 3_600_000;
    await owner.call(
      "codes.save",
      codeInput(event.id, { code: "LATER", validFrom: new Date(Date.now() + hour).toISOString() }),
    );
    await owner.call(
      "codes.save",
      codeInput(event.id, {
        code: "GONE",
        validFrom: new Date(Date.now() - 2 * hour).toISOString(),
        validUntil: new Date(Date.now() - hour).toISOString(),
      }),
    );
    await owner.call("codes.save", codeInput(event.id, { code: "ONCE", maxUses: 1 }));
    const buyer = await kit.buyer();
    await buyer.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 1 }],
      idempotencyKey: newKey(),
      code: "ONCE",
    });
    const anyone = kit.as(null);
    const check = (code: string) => anyone.fail("codes.check", { eventId: event.id, code });
    for (const code of ["NOPE", "THEIRS"]) {
      const refused = await check(code);
      expect([refused.status, refused.message]).toEqual([
        "NOT_FOUND",
        "This code is not valid for this event.",
      ]);
    }
    expect((await check("LATER")).details).toMatchObject({ reason: "not-yet" });
    expect((await check("LATER")).message).toMatch(/^This code is valid from .+\.$/);
    expect((await check("GONE")).message).toBe("This code has expired.");
    const usedUp = await check("ONCE");
    expect([usedUp.message, usedUp.details.reason]).toEqual([
      "This code has been used up.",
      "used-up",
    ]);
  });

  it("limits checks per address and event", async () => {
    const { event } = await ownedEvent();
    const other = await makeEvent(db.db);
    const guesser = kit.as(null, "192.0.2.77");
    for (let i = 0; i < 20; i++) {
      const refused = await guesser.fail("codes.check", { eventId: event.id, code: `GUESS${i}` });
      expect(refused.status).toBe("NOT_FOUND");
    }
    const limited = await guesser.fail("codes.check", { eventId: event.id, code: "GUESS99" });
    expect(limited.status).toBe("RESOURCE_EXHAUSTED");
    // Named by its short id, the same event is still limited.
    expect(
      (await guesser.fail("codes.check", { eventId: event.shortId, code: "X12" })).status,
    ).toBe("RESOURCE_EXHAUSTED");
    // Another event from the same address, and the same event from another, still answer.
    expect(
      (await guesser.fail("codes.check", { eventId: other.event.id, code: "X12" })).status,
    ).toBe("NOT_FOUND");
    expect(
      (await kit.as(null, "192.0.2.78").fail("codes.check", { eventId: event.id, code: "X12" }))
        .status,
    ).toBe("NOT_FOUND");
  });
});
