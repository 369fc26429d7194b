import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  type AuthoringFixture,
  authoringFixture,
  eventFields,
  eventTestKit,
  localInDays,
  type Person,
  ticketTypeFields,
} from "#tests/support/kits/event-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { cancelEvent } from "./event-authoring.service.ts";
import { events } from "./events.schema.ts";
import type { OwnerEventView } from "./owner-event-view.ts";

describe.each(testDatabases)("event authoring on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ReturnType<typeof eventTestKit>;
  let owner: Person;
  let newEvent: AuthoringFixture["newEvent"];
  let newTicketType: AuthoringFixture["newTicketType"];
  let daysAhead: AuthoringFixture["daysAhead"];
  let setTaken: AuthoringFixture["setTaken"];

  beforeAll(async () => {
    database = await open();
    kit = eventTestKit(database);
    owner = await kit.person({ business: true, plan: "pro" });
    ({ newEvent, newTicketType, daysAhead, setTaken } = authoringFixture(database, owner));
  });
  afterAll(() => database?.dispose());

  it("creates a draft, edits it, publishes, unpublishes and cancels it for good", async () => {
    const { eventId, shortId } = await newEvent();
    expect(shortId).toMatch(/^[2-9a-z]{8}$/);
    let event = await owner.call<OwnerEventView>("events.getForOwner", { eventId });
    expect(event).toMatchObject({
      status: "draft",
      title: "Jazz Night",
      timeZone: "Europe/London",
    });
    expect(event.startsLocal).toBe(eventFields().startsLocal);
    expect(event.path).toBe(`/jazz-night-${shortId}`);

    await owner.call("events.update", {
      eventId,
      ...eventFields({
        title: "Late Jazz",
        timeZone: "America/New_York",
        startsLocal: localInDays(31, 20),
        endsLocal: localInDays(31, 23),
      }),
    });
    event = await owner.call<OwnerEventView>("events.getForOwner", { eventId });
    expect(event).toMatchObject({ title: "Late Jazz", timeZone: "America/New_York" });
    expect(event.startsLocal).toBe(localInDays(31, 20));

    const general = await newTicketType(eventId);
    await newTicketType(eventId, { name: "VIP", priceMinor: 5000, capacity: 20 });
    await expect(owner.call("events.publish", { eventId })).resolves.toEqual({
      status: "published",
    });
    const [row] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(row?.publishedAt).toBeInstanceOf(Date);

    const mine = await owner.call<{
      events: { id: string; capacity: number; taken: number; ticketTypeCount: number }[];
    }>("events.listMine", null);
    expect(mine.events.find((e) => e.id === eventId)).toMatchObject({
      capacity: 120,
      taken: 0,
      ticketTypeCount: 2,
    });

    await expect(owner.call("events.unpublish", { eventId })).resolves.toEqual({ status: "draft" });
    await owner.call("events.publish", { eventId });
    await setTaken(general.id, 3);
    await expect(refusal(owner.call("events.unpublish", { eventId }))).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "Tickets have been sold; cancel the event instead.",
    });

    await expect(
      owner.call("events.cancel", { eventId, reason: "Flooded venue" }),
    ).resolves.toEqual({
      status: "cancelled",
    });
    const [cancelled] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(cancelled?.cancelledAt).toBeInstanceOf(Date);
    for (const [name, data] of [
      ["events.update", { eventId, ...eventFields() }],
      ["events.publish", { eventId }],
      ["events.cancel", { eventId }],
      ["ticketTypes.create", ticketTypeFields(eventId)],
    ] as const) {
      await expect(refusal(owner.call(name, data)), name).resolves.toMatchObject({
        status: "FAILED_PRECONDITION",
      });
    }
  });

  it("keeps the organiser's reminder switch: on for a new event, off once turned off", async () => {
    const { eventId } = await newEvent();
    const reminders = async () =>
      (await owner.call<OwnerEventView>("events.getForOwner", { eventId })).reminders;
    expect(await reminders()).toBe(true);
    await owner.call("events.update", { eventId, ...eventFields(), reminders: false });
    expect(await reminders()).toBe(false);
    // A caller that does not name it (an older client) leaves it as it is.
    await owner.call("events.update", { eventId, ...eventFields({ title: "Renamed" }) });
    expect(await reminders()).toBe(false);
    await owner.call("events.update", { eventId, ...eventFields(), reminders: true });
    expect(await reminders()).toBe(true);
    await expect(
      refusal(owner.call("events.update", { eventId, ...eventFields(), reminders: "yes" })),
    ).resolves.toMatchObject({ status: "INVALID_ARGUMENT" });
    const off = await newEvent(owner, { reminders: false });
    const [row] = await database.db.select().from(events).where(eq(events.id, off.eventId));
    expect(row?.reminders).toBe(false);
  });

  it("lists a business's events a page at a time, newest start first", async () => {
    const busy = await kit.person({ business: true, plan: "pro" });
    for (let day = 1; day <= 27; day++) {
      await newEvent(busy, { title: `Night ${day}`, ...daysAhead(day) });
    }
    type Page = { events: { title: string }[]; page: number; pageCount: number; total: number };
    const first = await busy.call<Page>("events.listMine", null);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 27 });
    expect(first.events).toHaveLength(25);
    expect(first.events[0]?.title).toBe("Night 27");
    const second = await busy.call<Page>("events.listMine", { page: 2 });
    expect(second.events.map((e) => e.title)).toEqual(["Night 2", "Night 1"]);
    const beyond = await busy.call<Page>("events.listMine", { page: 9 });
    expect(beyond).toMatchObject({ events: [], pageCount: 2 });
    await expect(refusal(busy.call("events.listMine", { page: 0 }))).resolves.toMatchObject({
      status: "INVALID_ARGUMENT",
    });
  });

  it("runs the cancellation steps inside the cancelling transaction", async () => {
    const { eventId } = await newEvent();
    const seen: string[] = [];
    const failing = async (
      _tx: unknown,
      event: { id: string; status: string },
      reason: string | null,
    ) => {
      seen.push(`${event.status}:${reason}`);
      throw new Error("notification outage");
    };
    await expect(
      cancelEvent(
        database.db,
        owner.userId,
        { eventId, reason: "Storm" },
        { messages: null, publicUrl: null, steps: [failing] },
      ),
    ).rejects.toThrow("notification outage");
    expect(seen).toEqual(["cancelled:Storm"]);
    // The step failed, so the cancellation rolled back with it.
    const [row] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(row).toMatchObject({ status: "draft", cancelledAt: null });
  });

  it("refuses to publish without ticket types, or an event that has started", async () => {
    const { eventId } = await newEvent();
    await expect(refusal(owner.call("events.publish", { eventId }))).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "Add at least one ticket type first.",
    });
    await newTicketType(eventId);
    await database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(events.id, eventId));
    await expect(refusal(owner.call("events.publish", { eventId }))).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "started" },
    });
  });

  it("stops a free business at its plan's published events, until it upgrades", async () => {
    const free = await kit.person({ business: true, plan: "free" });
    const draftWithTickets = async () => {
      const { eventId } = await newEvent(free);
      await free.call("ticketTypes.create", ticketTypeFields(eventId));
      return eventId;
    };
    for (let i = 0; i < 3; i++) {
      await free.call("events.publish", { eventId: await draftWithTickets() });
    }
    const fourth = await draftWithTickets();
    await expect(refusal(free.call("events.publish", { eventId: fourth }))).resolves.toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "Your free plan allows 3 published events. Upgrade to Pro to publish more.",
      details: { reason: "plan-limit" },
    });
    await free.call("businesses.changePlan", { plan: "pro" });
    await expect(free.call("events.publish", { eventId: fourth })).resolves.toMatchObject({
      status: "published",
    });
  });

  it("answers NOT_FOUND to another business's owner on every function", async () => {
    const { eventId } = await newEvent();
    const type = await newTicketType(eventId);
    const rival = await kit.person({ business: true });
    const calls: [string, unknown][] = [
      ["events.getForOwner", { eventId }],
      ["events.update", { eventId, ...eventFields() }],
      ["events.publish", { eventId }],
      ["events.unpublish", { eventId }],
      ["events.cancel", { eventId }],
      ["events.setCover", { eventId, contentType: "image/png", dataBase64: "aGVsbG8=" }],
      ["events.removeCover", { eventId }],
      ["ticketTypes.create", ticketTypeFields(eventId)],
      ["ticketTypes.update", { ticketTypeId: type.id, ...ticketTypeFields(eventId) }],
      ["ticketTypes.delete", { ticketTypeId: type.id }],
    ];
    for (const [name, data] of calls) {
      await expect(refusal(rival.call(name, data)), name).resolves.toMatchObject({
        status: "NOT_FOUND",
      });
    }
    const theirs = await rival.call<{ events: { id: string }[] }>("events.listMine", null);
    expect(theirs.events.map((e) => e.id)).not.toContain(eventId);
    // A malformed id is just as unknown (not a database error).
    await expect(
      refusal(owner.call("events.getForOwner", { eventId: "not-a-uuid" })),
    ).resolves.toMatchObject({
      status: "NOT_FOUND",
    });
    const [row] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(row?.status).toBe("draft");

    const noBusiness = await kit.person();
    for (const [name, data] of [...calls, ["events.listMine", null] as [string, unknown]]) {
      await expect(refusal(noBusiness.call(name, data)), name).resolves.toMatchObject({
        status: "FAILED_PRECONDITION",
        details: { reason: "no-business" },
      });
    }
  });
});
