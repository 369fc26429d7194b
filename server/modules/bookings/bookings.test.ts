import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import {
  expireNow,
  inventoryOf,
  makeEvent,
  newKey,
  nth,
} from "#tests/support/kits/holds-test-kit.ts";
import { bookings } from "./bookings.schema.ts";

describe.each(testDatabases)("bookings on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof bookingsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await bookingsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("confirms a free hold into a booking with named tickets, a notification and an email", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const me = await kit.buyer({ email: "grace@example.com" });
    const { hold, booking } = await holdAndConfirm(me, event.shortId, nth(types, 0).id, 2);
    expect(booking).toMatchObject({
      status: "confirmed",
      paymentStatus: "not-required",
      paymentProvider: "free",
      totalMinor: 0,
      ticketCount: 2,
      canCancel: true,
      event: { id: event.id, title: "Concert of Tests" },
    });
    expect(booking.reference).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(booking.tickets.map((t: { attendeeName: string }) => t.attendeeName)).toEqual([
      "Attendee 1",
      "Attendee 2",
    ]);
    const stored = await db.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(new Set(stored.map((t) => t.secret)).size).toBe(2);
    expect(nth(stored, 0).secret.length).toBeGreaterThanOrEqual(43);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 2,
      held: 0,
      ticketed: 2,
    });
    expect(await me.call("holds.current", { eventId: event.id })).toBeNull();
    const [notice] = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, me.user.id));
    expect(notice).toMatchObject({
      kind: "booking-confirmed",
      title: `Booking ${booking.reference} confirmed`,
    });
    expect(kit.emails.at(-1)).toMatchObject({ to: "grace@example.com", subject: notice?.title });
    expect(hold.id).toBeTruthy();
  });

  it("holds only the lines asked for and explains a malformed request next to its field", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{}, {}] });
    const me = await kit.buyer();
    const [first, second] = [nth(types, 0), nth(types, 1)];
    const hold = await me.call("holds.create", {
      eventId: event.shortId,
      items: [
        { ticketTypeId: first.id, quantity: 0 },
        { ticketTypeId: second.id, quantity: 2 },
      ],
      idempotencyKey: newKey(),
    });
    expect(hold.items.map((i: { ticketTypeId: string }) => i.ticketTypeId)).toEqual([second.id]);
    const none = await me.fail("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: first.id, quantity: 0 }],
      idempotencyKey: newKey(),
    });
    expect(none.details).toEqual([{ path: "items", message: "Choose at least one ticket." }]);
    const twice = await me.fail("holds.create", {
      eventId: event.id,
      items: [
        { ticketTypeId: first.id, quantity: 1 },
        { ticketTypeId: first.id, quantity: 1 },
      ],
      idempotencyKey: newKey(),
    });
    expect(twice.details).toEqual([
      { path: "items.1.ticketTypeId", message: "Each ticket type once." },
    ]);
    expect((await kit.as(null).fail("holds.create", {})).status).toBe("UNAUTHENTICATED");
    expect(await me.call("holds.current", { eventId: event.shortId })).toMatchObject({
      id: hold.id,
    });
  });

  it("emails a booking confirmation only to a verified address whose owner allows email", async () => {
    const { event, types } = await makeEvent(db.db);
    const quiet = await kit.buyer({ email: "quiet@example.com", notifyByEmail: false });
    const before = kit.emails.length;
    await holdAndConfirm(quiet, event.id, nth(types, 0).id, 1);
    expect(kit.emails.slice(before)).toEqual([]);
    const told = await db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, quiet.user.id));
    expect(told).toHaveLength(1);
  });

  it("books priced tickets through 'pay at the venue': confirmed and unpaid", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ priceMinor: 2500 }] });
    const me = await kit.buyer();
    const { booking } = await holdAndConfirm(me, event.id, nth(types, 0).id, 3, {
      contactEmail: "me@example.org",
    });
    expect(booking).toMatchObject({
      paymentStatus: "unpaid",
      paymentProvider: "venue",
      totalMinor: 7500,
      currency: "EUR",
    });
    expect(kit.emails.at(-1)).toMatchObject({ to: "me@example.org" });
  });

  it("asks for one name per ticket", async () => {
    const { event, types } = await makeEvent(db.db);
    const me = await kit.buyer();
    const hold = await me.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
      idempotencyKey: newKey(),
    });
    const error = await me.fail("bookings.confirm", {
      holdId: hold.id,
      attendees: [{ name: "Solo" }],
      idempotencyKey: newKey(),
    });
    expect(error).toMatchObject({
      status: "INVALID_ARGUMENT",
      message: "Enter one name per ticket (2).",
    });
    const blank = await me.fail("bookings.confirm", {
      holdId: hold.id,
      attendees: [{ name: " " }, { name: "B" }],
      idempotencyKey: newKey(),
    });
    expect(blank.details).toEqual([
      { path: "attendees.0.name", message: "Enter the attendee's name." },
    ]);
  });

  it("refuses an expired hold clearly and gives its tickets back", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2 }] });
    const me = await kit.buyer();
    const hold = await me.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
      idempotencyKey: newKey(),
    });
    await expireNow(db.db, hold.id);
    const error = await me.fail("bookings.confirm", {
      holdId: hold.id,
      attendees: [{ name: "A" }, { name: "B" }],
      idempotencyKey: newKey(),
    });
    expect(error).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "hold-expired" },
    });
    expect(error.message).toMatch(/^Your hold expired/);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 0,
      held: 0,
      ticketed: 0,
    });
  });

  it("answers a retried confirm with the first booking, never a second", async () => {
    const { event, types } = await makeEvent(db.db);
    const me = await kit.buyer();
    const hold = await me.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 1 }],
      idempotencyKey: newKey(),
    });
    const request = { holdId: hold.id, attendees: [{ name: "A" }], idempotencyKey: newKey() };
    const first = await me.call("bookings.confirm", request);
    const again = await me.call("bookings.confirm", request);
    const otherKey = await me.call("bookings.confirm", { ...request, idempotencyKey: newKey() });
    expect(again.id).toBe(first.id);
    expect(otherKey.id).toBe(first.id);
    const count = await db.db.select().from(bookings).where(eq(bookings.holdId, hold.id));
    expect(count).toHaveLength(1);
  });

  it("answers a hold retried after its confirm with that hold, taking nothing more", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 3 }] });
    const me = await kit.buyer();
    const request = {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 2 }],
      idempotencyKey: newKey(),
    };
    const hold = await me.call("holds.create", request);
    await me.call("bookings.confirm", {
      holdId: hold.id,
      attendees: [{ name: "A" }, { name: "B" }],
      idempotencyKey: newKey(),
    });
    const again = await me.call("holds.create", request);
    expect(again).toMatchObject({ id: hold.id, status: "converted", live: false });
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 2,
      held: 0,
      ticketed: 2,
    });
  });

  it("answers NOT_FOUND for another user's hold, booking or reference", async () => {
    const { event, types } = await makeEvent(db.db);
    const [me, stranger] = [await kit.buyer(), await kit.buyer()];
    const { hold, booking } = await holdAndConfirm(me, event.id, nth(types, 0).id, 1);
    expect(
      (
        await stranger.fail("bookings.confirm", {
          holdId: hold.id,
          attendees: [{ name: "X" }],
          idempotencyKey: newKey(),
        })
      ).status,
    ).toBe("NOT_FOUND");
    expect((await stranger.fail("bookings.get", { reference: booking.reference })).status).toBe(
      "NOT_FOUND",
    );
    expect((await stranger.fail("bookings.cancel", { bookingId: booking.id })).status).toBe(
      "NOT_FOUND",
    );
    expect((await stranger.fail("holds.release", { holdId: hold.id })).status).toBe("NOT_FOUND");
    expect(
      (
        await me.call("bookings.get", {
          reference: booking.reference.toLowerCase().replace("-", " "),
        })
      ).id,
    ).toBe(booking.id);
    expect((await kit.as(null).fail("bookings.listMine", null)).status).toBe("UNAUTHENTICATED");
  });

  it("lists the user's bookings newest first and their upcoming tickets soonest first", async () => {
    const later = await makeEvent(db.db, { startsInHours: 48 });
    const sooner = await makeEvent(db.db, { startsInHours: 24 });
    const me = await kit.buyer();
    const a = await holdAndConfirm(me, later.event.id, nth(later.types, 0).id, 1);
    const b = await holdAndConfirm(me, sooner.event.id, nth(sooner.types, 0).id, 2);
    const list = await me.call("bookings.listMine", null);
    expect(list.bookings.map((x: { id: string }) => x.id)).toEqual([b.booking.id, a.booking.id]);
    expect(list.bookings[0]).toMatchObject({
      ticketCount: 2,
      status: "confirmed",
      event: { title: "Concert of Tests" },
    });
    const paged = await me.call("bookings.listMine", { limit: 1 });
    expect(paged.bookings).toHaveLength(1);
    const rest = await me.call("bookings.listMine", { limit: 1, before: paged.nextBefore });
    expect(rest.bookings[0].id).toBe(a.booking.id);
    const upcoming = await me.call("tickets.upcoming", null);
    expect(upcoming.map((t: { event: { id: string } }) => t.event.id)).toEqual([
      sooner.event.id,
      sooner.event.id,
      later.event.id,
    ]);
    expect(upcoming[0]).toMatchObject({
      bookingReference: b.booking.reference,
      ticketTypeName: "Type 1",
      attendeeName: "Attendee 1",
    });
  });
});
