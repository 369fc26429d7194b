import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/modules/events/events.schema.ts";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { eraseAccount } from "#server/modules/profile/account-deletion.service.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { eventCancellationSteps } from "#server/steps/event-cancellation.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { bookingsKit, holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { inventoryOf, makeEvent, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { bookings } from "./bookings.schema.ts";

/** After a booking exists: finding it by reference, and the ways it gets cancelled. */
describe.each(testDatabases)("finding and cancelling bookings on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof bookingsKit>>;
  beforeAll(async () => {
    db = await database.open();
    kit = await bookingsKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("finds a booking by reference and the phone or email used, with one answer for every miss", async () => {
    const { event, types } = await makeEvent(db.db);
    const me = await kit.buyer({ email: "look@example.com" });
    const { booking } = await holdAndConfirm(me, event.id, nth(types, 0).id, 1);
    const visitor = kit.as(null, "192.0.2.10");
    const byPhone = await visitor.call("bookings.lookup", {
      reference: booking.reference,
      contact: me.user.phone,
    });
    expect(byPhone).toMatchObject({
      id: booking.id,
      reference: booking.reference,
      canCancel: false,
    });
    expect(byPhone.tickets[0].id).toBeNull();
    const byEmail = await visitor.call("bookings.lookup", {
      reference: booking.reference.toLowerCase(),
      contact: "LOOK@example.com",
    });
    expect(byEmail.id).toBe(booking.id);
    const national = await visitor.call("bookings.lookup", {
      reference: booking.reference,
      contact: `0${me.user.phone?.slice(3)}`,
      region: "GB",
    });
    expect(national.id).toBe(booking.id);
    const wrongContact = await visitor.fail("bookings.lookup", {
      reference: booking.reference,
      contact: "nobody@example.com",
    });
    const wrongReference = await visitor.fail("bookings.lookup", {
      reference: "ZZZZ-ZZZZ",
      contact: "look@example.com",
    });
    expect(wrongContact.status).toBe("NOT_FOUND");
    expect(wrongReference.toJSON()).toEqual(wrongContact.toJSON());
  });

  it("refuses one address after 10 tries at a reference; anyone else is answered by link", async () => {
    const attacker = kit.as(null, "203.0.113.200");
    for (let i = 0; i < 10; i++) {
      const miss = await attacker.fail("bookings.lookup", {
        reference: "ABCD-EFGH",
        contact: `x${i}@example.com`,
      });
      expect(miss.status).toBe("NOT_FOUND");
    }
    const blocked = await attacker.fail("bookings.lookup", {
      reference: "abcd efgh",
      contact: "x@example.com",
    });
    expect(blocked.status).toBe("RESOURCE_EXHAUSTED");
    const elsewhere = await kit
      .as(null, "203.0.113.201")
      .fail("bookings.lookup", { reference: "ABCD-EFGH", contact: "x@example.com" });
    expect(elsewhere).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "link-sent" },
    });
  });

  it("still lets the owner find a booking under attack: a link to the booking's own contact", async () => {
    const { event, types } = await makeEvent(db.db);
    const me = await kit.buyer();
    const { booking } = await holdAndConfirm(me, event.id, nth(types, 0).id, 1);
    for (let i = 0; i < 10; i++) {
      await kit
        .as(null, `203.0.114.${i + 1}`)
        .fail("bookings.lookup", { reference: booking.reference, contact: `+4477009000${i}0` });
    }
    const smsBefore = kit.sms.length;
    const owner = await kit
      .as(null, "192.0.2.77")
      .fail("bookings.lookup", { reference: booking.reference, contact: me.user.phone });
    const guesser = await kit
      .as(null, "192.0.2.78")
      .fail("bookings.lookup", { reference: booking.reference, contact: "+447700900999" });
    // Match or not, the same answer: nothing to learn from it.
    expect(owner.toJSON()).toEqual(guesser.toJSON());
    expect(owner).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "link-sent" },
    });
    const sent = kit.sms.slice(smsBefore);
    expect(sent.map((m) => m.to)).toEqual([me.user.phone]);
    const access = new URL(/https?:\/\/\S+/.exec(sent[0]?.text ?? "")?.[0] ?? "").searchParams.get(
      "access",
    );
    const view = await kit
      .as(null, "192.0.2.79")
      .call("bookings.lookup", { reference: booking.reference, access });
    expect(view).toMatchObject({ id: booking.id, reference: booking.reference });
    const forged = await kit
      .as(null, "192.0.2.79")
      .fail("bookings.lookup", { reference: booking.reference, access: `${access}x` });
    expect(forged).toMatchObject({ details: { reason: "link-expired" } });
    // Signed in, the owner sees it at once, whatever the lookups.
    await expect(me.call("bookings.get", { reference: booking.reference })).resolves.toMatchObject({
      id: booking.id,
    });
  });

  it("cancels a booking before the event when allowed, freeing its tickets", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 5 }] });
    const me = await kit.buyer();
    const { booking } = await holdAndConfirm(me, event.id, nth(types, 0).id, 2);
    const cancelled = await me.call("bookings.cancel", { bookingId: booking.id });
    expect(cancelled).toMatchObject({ status: "cancelled", canCancel: false });
    expect(cancelled.tickets.every((t: { status: string }) => t.status === "cancelled")).toBe(true);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 0, ticketed: 0 });
    expect((await me.fail("bookings.cancel", { bookingId: booking.id })).message).toBe(
      "This booking is already cancelled.",
    );
    const kinds = await db.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, me.user.id));
    expect(kinds.map((k) => k.kind)).toContain("booking-cancelled");
    expect(await me.call("tickets.upcoming", null)).toEqual([]);
  });

  it("refuses cancelling when the event does not allow it or has started", async () => {
    const strict = await makeEvent(db.db, { attendeeCancellation: false });
    const me = await kit.buyer();
    const { booking } = await holdAndConfirm(me, strict.event.id, nth(strict.types, 0).id, 1);
    expect(booking.canCancel).toBe(false);
    expect((await me.fail("bookings.cancel", { bookingId: booking.id })).message).toBe(
      "The organiser does not allow cancelling bookings for this event.",
    );
    const started = await makeEvent(db.db);
    const second = await holdAndConfirm(me, started.event.id, nth(started.types, 0).id, 1);
    await db.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, started.event.id));
    expect((await me.fail("bookings.cancel", { bookingId: second.booking.id })).message).toBe(
      "The event has started: bookings can no longer be cancelled.",
    );
  });

  it("cancels an event's bookings and holds and tells the bookers when the event is cancelled", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 10 }] });
    const [a, b, c] = [
      await kit.buyer({ email: "a@example.com" }),
      await kit.buyer(),
      await kit.buyer(),
    ];
    await holdAndConfirm(a, event.id, nth(types, 0).id, 2);
    await holdAndConfirm(b, event.id, nth(types, 0).id, 1);
    await c.call("holds.create", {
      eventId: event.id,
      items: [{ ticketTypeId: nth(types, 0).id, quantity: 3 }],
      idempotencyKey: newKey(),
    });
    await db.db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(events)
        .set({ status: "cancelled", cancelledAt: new Date() })
        .where(eq(events.id, event.id))
        .returning();
      if (!cancelled) throw new Error("no event");
      for (const step of eventCancellationSteps) {
        await step(tx, cancelled, "Storm warning", {
          messages: kit.services.messages,
          publicUrl: kit.services.settings.PUBLIC_URL,
        });
      }
    });
    // The people concerned are told by the notice worker once the cancellation commits.
    await kit.tellNotices();
    const rows = await db.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(rows.map((r) => [r.status, r.cancelledBy])).toEqual([
      ["cancelled", "organizer"],
      ["cancelled", "organizer"],
    ]);
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 0,
      held: 0,
      ticketed: 0,
    });
    const told = await db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.kind, "event-cancelled")));
    expect(nth(told, 0).body).toContain('The organiser wrote: "Storm warning"');
    // By email too, whatever the settings: a cancellation is not marketing.
    expect(kit.emails.at(-1)).toMatchObject({ to: "a@example.com", subject: nth(told, 0).title });
  });

  it("cancels a deleted account's future bookings and keeps its past ones", async () => {
    const future = await makeEvent(db.db, { types: [{ capacity: 4 }] });
    const past = await makeEvent(db.db);
    const me = await kit.buyer();
    const kept = await holdAndConfirm(me, past.event.id, nth(past.types, 0).id, 1);
    await db.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, past.event.id));
    const gone = await holdAndConfirm(me, future.event.id, nth(future.types, 0).id, 2);
    await db.db.transaction((tx) => eraseAccount(tx, me.user.id, accountDeletionSteps));
    const statuses = await db.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.userId, me.user.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [kept.booking.id]: "confirmed",
      [gone.booking.id]: "cancelled",
    });
    expect(await inventoryOf(db.db, nth(future.types, 0).id)).toMatchObject({
      taken: 0,
      ticketed: 0,
    });
  });
});
