import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EventPage } from "#contract/event-page.ts";
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
import { eventPath } from "./event-ids.ts";
import { getEventPage, notOnSaleReason } from "./event-page.service.ts";
import { events, ticketTypes } from "./events.schema.ts";

describe.each(testDatabases)("the event page on $name", ({ open }) => {
  let database: TestDatabase;
  let db: Database;
  let owner: { ownerId: string; businessId: string };
  const registry = createRegistry(eventDiscoveryFunctions);
  const call = (name: string, id: string, userId: string | null = null) =>
    registry.invoke(name, { id }, {
      auth: userId ? { userId, sessionId: "s", roles: [] } : null,
      db,
      services: { settings: { PUBLIC_URL: "https://tickets.example.org" } },
    } as unknown as FunctionContext);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error) => ({ status: error.status, message: error.message }),
    );
  const notFound = { status: "NOT_FOUND", message: "Event not found." };

  beforeAll(async () => {
    database = await open();
    db = database.db;
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await db.delete(events);
    await db.delete(businesses);
    owner = await fixtureBusiness(db);
  });

  it("finds an event by its short id and by its slug, with its canonical path", async () => {
    const row = await fixtureEvent(db, owner.businessId, {
      title: "Jazz Night",
      tickets: [
        { priceMinor: 1500, capacity: 100, taken: 40 },
        { priceMinor: 0, capacity: 20 },
      ],
    });
    const path = eventPath(row);
    expect(path).toBe(`/jazz-night-${row.shortId}`);
    for (const id of [row.shortId, path.slice(1), `old-title-${row.shortId}`]) {
      const page = (await call("events.get", id)) as EventPage;
      expect(page).toMatchObject({
        shortId: row.shortId,
        path,
        status: "published",
        preview: false,
      });
    }
    const page = await getEventPage(db, row.shortId, null);
    expect(page.businessName).toBe("Venue active");
    expect(page.ticketTypes.map((t) => [t.priceMinor, t.remaining, t.onSale])).toEqual([
      [1500, 60, true],
      [0, 20, true],
    ]);
    expect(page.onSale).toBe(true);
  });

  it("answers NOT_FOUND for unknown ids, other people's drafts and suspended businesses", async () => {
    await expect(refusal(call("events.get", "no-such-event"))).resolves.toEqual(notFound);
    await expect(refusal(call("events.get", "zzzzzzzz"))).resolves.toEqual(notFound);
    const draft = await fixtureEvent(db, owner.businessId, { title: "Secret", status: "draft" });
    await expect(refusal(call("events.get", draft.shortId))).resolves.toEqual(notFound);
    const stranger = await fixtureBusiness(db);
    await expect(refusal(call("events.get", draft.shortId, stranger.ownerId))).resolves.toEqual(
      notFound,
    );
    const suspended = await fixtureBusiness(db, "suspended");
    const hidden = await fixtureEvent(db, suspended.businessId, { title: "Hidden" });
    await expect(refusal(call("events.get", hidden.shortId))).resolves.toEqual(notFound);
    await expect(refusal(call("events.calendar", hidden.shortId))).resolves.toEqual(notFound);
  });

  it("shows a draft to its own business's owner as a preview, not bookable", async () => {
    const draft = await fixtureEvent(db, owner.businessId, { title: "Secret", status: "draft" });
    const page = (await call("events.get", draft.shortId, owner.ownerId)) as EventPage;
    expect(page).toMatchObject({ status: "draft", preview: true, onSale: false });
    expect(page.ticketTypes[0]).toMatchObject({ onSale: false, notOnSaleReason: null });
  });

  it("returns a cancelled event, with nothing on sale", async () => {
    const row = await fixtureEvent(db, owner.businessId, { title: "Off", status: "cancelled" });
    const page = (await call("events.get", row.shortId)) as EventPage;
    expect(page).toMatchObject({ status: "cancelled", onSale: false });
    expect(page.ticketTypes[0]?.notOnSaleReason).toBe("event-cancelled");
  });

  it("says why each ticket type is not on sale", async () => {
    const now = new Date();
    const row = await fixtureEvent(db, owner.businessId, {
      title: "Mixed",
      tickets: [
        { priceMinor: 100, capacity: 5, taken: 5 },
        { priceMinor: 200, capacity: 5 },
        { priceMinor: 300, capacity: 5 },
        { priceMinor: 400, capacity: 5 },
      ],
    });
    const types = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, row.id));
    const byPrice = (p: number) => types.find((t) => t.priceMinor === p)?.id as string;
    await db
      .update(ticketTypes)
      .set({ salesStartAt: new Date(now.getTime() + day) })
      .where(eq(ticketTypes.id, byPrice(200)));
    await db
      .update(ticketTypes)
      .set({
        salesStartAt: new Date(now.getTime() - 2 * day),
        salesEndAt: new Date(now.getTime() - day),
      })
      .where(eq(ticketTypes.id, byPrice(300)));
    const page = await getEventPage(db, row.shortId, null, now);
    expect(page.ticketTypes.map((t) => [t.priceMinor, t.notOnSaleReason, t.availability])).toEqual([
      [100, "sold-out", "sold-out"],
      [200, "not-started", "few-left"],
      [300, "ended", "few-left"],
      [400, null, "few-left"],
    ]);
    const ended = await fixtureEvent(db, owner.businessId, { title: "Past", inDays: -3 });
    const past = await getEventPage(db, ended.shortId, null, now);
    expect(past).toMatchObject({ ended: true, onSale: false });
    expect(past.ticketTypes[0]?.notOnSaleReason).toBe("event-ended");
  });

  it("puts cancellation before the event's end, and the end before ticket rules", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const ticket = { remaining: 0, salesStartAt: null, salesEndAt: null };
    const past = new Date("2026-11-30T12:00:00Z");
    expect(notOnSaleReason({ status: "cancelled", endsAt: past }, ticket, now)).toBe(
      "event-cancelled",
    );
    expect(notOnSaleReason({ status: "published", endsAt: past }, ticket, now)).toBe("event-ended");
  });

  it("serves the calendar file of a published event, named after its path", async () => {
    const row = await fixtureEvent(db, owner.businessId, { title: "Jazz, Wine; Song" });
    const file = (await call("events.calendar", row.shortId)) as { filename: string; text: string };
    expect(file.filename).toBe(`jazz-wine-song-${row.shortId}.ics`);
    expect(file.text).toContain(`UID:event-${row.shortId}@tickets.example.org\r\n`);
    expect(file.text).toContain("SUMMARY:Jazz\\, Wine\\; Song\r\n");
    expect(file.text).toContain(
      `URL:https://tickets.example.org/jazz-wine-song-${row.shortId}\r\n`,
    );
  });
});
