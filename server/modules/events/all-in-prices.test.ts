import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EventPage } from "#contract/event-page.ts";
import { type PlatformFee, ticketPriceParts } from "#contract/pricing.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { fixtureBusiness, fixtureEvent } from "#tests/support/kits/event-discovery-test-kit.ts";
import { eventDiscoveryFunctions } from "./event-discovery.functions.ts";
import { allInPriceSql } from "./event-discovery.service.ts";
import { events } from "./events.schema.ts";

const prices = [0, 1, 5, 10, 99, 150, 999, 1250, 1999, 2500, 3333, 10_005, 123_457];
const taxes = [
  { rateBp: 0, inclusive: true },
  { rateBp: 2000, inclusive: true },
  { rateBp: 2000, inclusive: false },
  { rateBp: 750, inclusive: false },
  { rateBp: 1234, inclusive: false },
];
const fees: PlatformFee[] = [
  { percent: 5, fixedMinor: 30 },
  { percent: 2.5, fixedMinor: 0 },
  { percent: 0, fixedMinor: 80 },
  { percent: 7.25, fixedMinor: 15 },
];

describe.each(testDatabases)("all-in prices on $name", ({ open }) => {
  let database: TestDatabase;
  let db: Database;
  let businessId: string;
  const registry = createRegistry(eventDiscoveryFunctions);
  /** The public functions as the server runs them, with the booking fee in its settings. */
  const call = (name: string, input: unknown, fee: PlatformFee) =>
    registry.invoke(name, input, {
      auth: null,
      db,
      services: {
        settings: {
          PUBLIC_URL: "https://tickets.example.org",
          PLATFORM_FEE_PERCENT: fee.percent,
          PLATFORM_FEE_FIXED_MINOR: fee.fixedMinor,
        },
      },
    } as unknown as FunctionContext);

  beforeAll(async () => {
    database = await open();
    db = database.db;
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await db.delete(events);
    await db.delete(businesses);
    businessId = (await fixtureBusiness(db)).businessId;
  });

  it("computes in SQL what ticketPriceParts computes, for every fee, tax and method", async () => {
    for (const [index, tax] of taxes.entries()) {
      await fixtureEvent(db, businessId, {
        title: `Taxed ${index}`,
        tax,
        tickets: prices.flatMap((priceMinor) =>
          (["card", "venue"] as const).map((paymentMethod) => ({
            priceMinor,
            capacity: 10,
            paymentMethod,
          })),
        ),
      });
    }
    for (const fee of fees) {
      const rows = await rowsOf<{
        price_minor: number;
        payment_method: string;
        tax_rate_bp: number;
        tax_inclusive: boolean;
        all_in: number;
      }>(
        db,
        sql`select tt.price_minor, tt.payment_method, e.tax_rate_bp, e.tax_inclusive,
              ${allInPriceSql(fee)} as all_in
            from ticket_types tt join events e on e.id = tt.event_id`,
      );
      expect(rows).toHaveLength(taxes.length * prices.length * 2);
      for (const row of rows) {
        const expected = ticketPriceParts(row.price_minor, {
          card: row.payment_method === "card",
          fee,
          tax: { rateBp: row.tax_rate_bp, inclusive: row.tax_inclusive },
        }).allInMinor;
        expect({ ...row, all_in: Number(row.all_in), fee }).toEqual({
          ...row,
          all_in: expected,
          fee,
        });
      }
    }
  });

  it("lists an event from its lowest all-in price: fee on card tickets, added tax on all", async () => {
    const fee = { percent: 5, fixedMinor: 30 };
    await fixtureEvent(db, businessId, {
      title: "Card cheaper before the fee",
      inDays: 1,
      tickets: [
        { priceMinor: 1000, capacity: 10, paymentMethod: "card" },
        { priceMinor: 1050, capacity: 10, paymentMethod: "venue" },
      ],
    });
    await fixtureEvent(db, businessId, {
      title: "Tax added",
      inDays: 2,
      tax: { rateBp: 2000, inclusive: false },
      tickets: [{ priceMinor: 1000, capacity: 10, paymentMethod: "card" }],
    });
    const found = (await call("events.search", {}, fee)) as {
      events: { title: string; lowestPriceMinor: number }[];
    };
    expect(found.events.map((e) => [e.title, e.lowestPriceMinor])).toEqual([
      ["Card cheaper before the fee", 1050],
      // 1000 + (50 + 30) fee + 200 tax.
      ["Tax added", 1280],
    ]);
  });

  it("shows each ticket type's all-in price, its fee and the event's tax on the event page", async () => {
    const row = await fixtureEvent(db, businessId, {
      title: "Gig",
      tax: { rateBp: 2000, inclusive: true },
      tickets: [
        { priceMinor: 1200, capacity: 10, paymentMethod: "card" },
        { priceMinor: 1200, capacity: 10, paymentMethod: "venue" },
        { priceMinor: 0, capacity: 10, paymentMethod: "card" },
      ],
    });
    const page = (await call(
      "events.get",
      { id: row.shortId },
      { percent: 5, fixedMinor: 20 },
    )) as EventPage;
    expect(page.tax).toEqual({ rateBp: 2000, inclusive: true });
    expect(
      page.ticketTypes.map((t) => [t.paymentMethod, t.priceMinor, t.feeMinor, t.allInPriceMinor]),
    ).toEqual([
      ["card", 1200, 80, 1280],
      ["venue", 1200, 0, 1200],
      ["card", 0, 0, 0],
    ]);
  });
});
