import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EventCard } from "#contract/event-card.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { Database } from "#server/platform/db/database.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  day,
  fixtureBusiness,
  fixtureEvent,
} from "#tests/support/kits/event-discovery-test-kit.ts";
import { eventDiscoveryFunctions } from "./event-discovery.functions.ts";
import { searchEvents } from "./event-discovery.service.ts";
import { events } from "./events.schema.ts";

const titles = (cards: EventCard[]) => cards.map((c) => c.title);

describe.each(testDatabases)("discovery on $name", ({ open }) => {
  let database: TestDatabase;
  let db: Database;
  let active: string;
  const search = (filters: Parameters<typeof searchEvents>[1], page = 1, pageSize = 48) =>
    searchEvents(db, filters, { page, pageSize });

  beforeAll(async () => {
    database = await open();
    db = database.db;
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await db.delete(events);
    await db.delete(businesses);
    active = (await fixtureBusiness(db)).businessId;
  });

  it("finds events by a word of the title, the venue or the description, and only those", async () => {
    await fixtureEvent(db, active, { title: "Midnight Jazz Session" });
    await fixtureEvent(db, active, { title: "Quiz Night", venueName: "The Saxophone Tavern" });
    await fixtureEvent(db, active, {
      title: "Open Day",
      description: "Tours of the old observatory and its telescopes.",
    });
    await fixtureEvent(db, active, { title: "Pottery Class" });
    expect(titles((await search({ q: "jazz" })).events)).toEqual(["Midnight Jazz Session"]);
    expect(titles((await search({ q: "saxophone" })).events)).toEqual(["Quiz Night"]);
    expect(titles((await search({ q: "observatory" })).events)).toEqual(["Open Day"]);
    expect((await search({ q: "violin" })).events).toEqual([]);
  });

  it("matches word forms (concerts finds concert) and web-search syntax", async () => {
    await fixtureEvent(db, active, { title: "Piano Concert" });
    await fixtureEvent(db, active, { title: "Running Club" });
    await fixtureEvent(db, active, { title: "Piano Lessons" });
    expect(titles((await search({ q: "concerts" })).events)).toEqual(["Piano Concert"]);
    expect(titles((await search({ q: "runs" })).events)).toEqual(["Running Club"]);
    expect(titles((await search({ q: "piano -concert" })).events)).toEqual(["Piano Lessons"]);
    expect(titles((await search({ q: '"piano concert"' })).events)).toEqual(["Piano Concert"]);
  });

  it("filters by category and by local days, in the event's own zone", async () => {
    await fixtureEvent(db, active, { title: "Match", category: "sports", inDays: 3 });
    await fixtureEvent(db, active, { title: "Gig", category: "music", inDays: 3 });
    const start = new Date(Date.now() + 10 * day);
    const localDay = start.toISOString().slice(0, 10);
    // 23:30 UTC on that day is already the next day in Berlin, still that day in New York.
    const lateUtc = new Date(`${localDay}T23:30:00Z`);
    await fixtureEvent(db, active, {
      title: "Berlin late",
      startsAt: lateUtc,
      timeZone: "Europe/Berlin",
    });
    await fixtureEvent(db, active, {
      title: "New York late",
      startsAt: lateUtc,
      timeZone: "America/New_York",
    });
    expect(titles((await search({ category: "sports" })).events)).toEqual(["Match"]);
    expect(titles((await search({ from: localDay, to: localDay })).events)).toEqual([
      "New York late",
    ]);
    const next = new Date(lateUtc.getTime() + day).toISOString().slice(0, 10);
    expect(titles((await search({ from: next })).events)).toEqual(["Berlin late"]);
    expect(titles((await search({ to: localDay })).events)).toEqual([
      "Match",
      "Gig",
      "New York late",
    ]);
  });

  it("lists only published events of active businesses that have not ended", async () => {
    const suspended = (await fixtureBusiness(db, "suspended")).businessId;
    await fixtureEvent(db, active, { title: "Listed" });
    await fixtureEvent(db, active, { title: "Running now", inDays: -0.05, hours: 3 });
    await fixtureEvent(db, active, { title: "Draft", status: "draft" });
    await fixtureEvent(db, active, { title: "Cancelled", status: "cancelled" });
    await fixtureEvent(db, active, { title: "Ended", inDays: -2 });
    await fixtureEvent(db, active, { title: "Long festival, ended", inDays: -40, hours: 24 * 30 });
    await fixtureEvent(db, suspended, { title: "Suspended business" });
    expect(titles((await search({})).events)).toEqual(["Running now", "Listed"]);
  });

  it("orders soonest first and pages through with a total", async () => {
    for (const inDays of [9, 2, 5, 7, 1]) {
      await fixtureEvent(db, active, { title: `Day ${inDays}`, inDays });
    }
    const first = await search({}, 1, 2);
    expect(titles(first.events)).toEqual(["Day 1", "Day 2"]);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 5, totalCapped: false });
    expect(titles((await search({}, 2, 2)).events)).toEqual(["Day 5", "Day 7"]);
    expect(titles((await search({}, 3, 2)).events)).toEqual(["Day 9"]);
    expect((await search({}, 4, 2)).events).toEqual([]);
  });

  it("shows the lowest price still on sale, Free, and sold-out and few-left badges", async () => {
    await fixtureEvent(db, active, {
      title: "Two prices",
      inDays: 1,
      tickets: [
        { priceMinor: 500, capacity: 10, taken: 10 },
        { priceMinor: 2500, capacity: 200 },
        { priceMinor: 1500, capacity: 200, currency: "GBP" },
      ],
    });
    await fixtureEvent(db, active, {
      title: "Free",
      inDays: 2,
      tickets: [{ priceMinor: 0, capacity: 50 }],
    });
    await fixtureEvent(db, active, {
      title: "Sold out",
      inDays: 3,
      tickets: [{ priceMinor: 900, capacity: 40, taken: 40 }],
    });
    await fixtureEvent(db, active, {
      title: "Few left",
      inDays: 4,
      tickets: [{ priceMinor: 900, capacity: 1000, taken: 905 }],
    });
    const cards = (await search({})).events;
    expect(cards.map((c) => [c.title, c.lowestPriceMinor, c.currency, c.availability])).toEqual([
      ["Two prices", 1500, "GBP", "available"],
      ["Free", 0, "GBP", "available"],
      ["Sold out", 900, "GBP", "sold-out"],
      ["Few left", 900, "GBP", "few-left"],
    ]);
    expect(cards[0]?.path).toBe(`/two-prices-${cards[0]?.shortId}`);
  });

  it("leaves hidden types out of the card: not its lowest price, and sold out when only they are left", async () => {
    await fixtureEvent(db, active, {
      title: "Press night",
      inDays: 1,
      tickets: [
        { priceMinor: 0, capacity: 20, hidden: true },
        { priceMinor: 2000, capacity: 100 },
      ],
    });
    await fixtureEvent(db, active, {
      title: "Guests only left",
      inDays: 2,
      tickets: [
        { priceMinor: 1500, capacity: 50, taken: 50 },
        { priceMinor: 0, capacity: 30, hidden: true },
      ],
    });
    const cards = (await search({})).events;
    expect(cards.map((c) => [c.title, c.lowestPriceMinor, c.availability])).toEqual([
      ["Press night", 2000, "available"],
      ["Guests only left", 1500, "sold-out"],
    ]);
  });

  it("validates its input with the field that is wrong", async () => {
    const registry = createRegistry(eventDiscoveryFunctions);
    const ctx = { auth: null, db, services: { settings: {} } } as unknown as FunctionContext;
    const refusal = (data: unknown) =>
      registry.invoke("events.search", data, ctx).then(
        () => null,
        (error) => ({
          status: error.status,
          paths: error.details?.map((d: { path: string }) => d.path),
        }),
      );
    await expect(refusal({ from: "2026-02-30" })).resolves.toEqual({
      status: "INVALID_ARGUMENT",
      paths: ["from"],
    });
    await expect(refusal({ category: "knitting" })).resolves.toEqual({
      status: "INVALID_ARGUMENT",
      paths: ["category"],
    });
    await expect(refusal({ from: "2026-12-10", to: "2026-12-01" })).resolves.toEqual({
      status: "INVALID_ARGUMENT",
      paths: ["to"],
    });
    await expect(refusal({ q: "x".repeat(201) })).resolves.toEqual({
      status: "INVALID_ARGUMENT",
      paths: ["q"],
    });
    await expect(refusal({ pageSize: 49 })).resolves.toEqual({
      status: "INVALID_ARGUMENT",
      paths: ["pageSize"],
    });
    await fixtureEvent(db, active, { title: "Jazz" });
    // Blank fields (a GET form sent as is) mean no filter; q is trimmed.
    const result = (await registry.invoke(
      "events.search",
      { q: "  jazz ", category: "", from: "", to: "" },
      ctx,
    )) as { events: EventCard[] };
    expect(titles(result.events)).toEqual(["Jazz"]);
  });
});
