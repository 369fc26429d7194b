import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { inventoryOf, makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { ordersKit } from "#tests/support/kits/orders-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";

const minute = 60_000;
const hour = 60 * minute;

/** The buyer's cancellation under the event's policy (bookings.cancel, bookings.cancellationQuote). */
describe.each(testDatabases)("the buyer cancels under the policy on $name", (database) => {
  let db: TestDatabase;
  let peer: StripePeer;
  let kit: Awaited<ReturnType<typeof ordersKit>>;
  beforeAll(async () => {
    db = await database.open();
    peer = await startStripePeer();
    kit = await ordersKit(db, peer);
  }, 120_000);
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });

  it("allows cancelling a minute before the deadline and refuses a minute after it", async () => {
    const { event, types } = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    const me = await kit.buyer();
    const early = await kit.paidBooking(me, event.id, nth(types, 0).id, 1);
    const late = await kit.paidBooking(me, event.id, nth(types, 0).id, 1);
    // Cancelling closes 24 hours before the start; the start is set relative to now.
    await kit.setPolicy(event.id, { hours: 24, startsInMs: 24 * hour + minute });
    const open = await me.call("bookings.cancellationQuote", { bookingId: early.id });
    expect(open).toMatchObject({ allowed: true, reason: null, refundMinor: 2130, keptMinor: 0 });
    expect(new Date(open.deadline).getTime()).toBeGreaterThan(Date.now());
    const done = await me.call("bookings.cancel", { bookingId: early.id });
    expect(done).toMatchObject({ status: "refunded", paymentStatus: "refunded", canCancel: false });
    expect(done.refund).toMatchObject({
      source: "attendee",
      amountMinor: 2130,
      status: "succeeded",
    });

    await kit.setPolicy(event.id, { hours: 24, startsInMs: 24 * hour - minute });
    const view = await me.call("bookings.get", { reference: late.reference });
    expect(view.canCancel).toBe(false);
    const closed = await me.call("bookings.cancellationQuote", { bookingId: late.id });
    expect(closed).toMatchObject({ allowed: false, reason: "deadline-passed" });
    const refusal = await me.fail("bookings.cancel", { bookingId: late.id });
    expect(refusal).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "deadline-passed" },
    });
    expect(refusal.message).toMatch(/^Cancelling closed on \d+ \w{3} \d{4}, \d\d:\d\d/);
    expect((await kit.bookingRow(late.id)).status).toBe("confirmed");
  });

  it("keeps the policy's fee of one ticket's share and leaves the rest of the booking", async () => {
    const { event, types } = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    const me = await kit.buyer();
    const booking = await kit.paidBooking(me, event.id, nth(types, 0).id, 2);
    await kit.setPolicy(event.id, { hours: 2, feePercent: 10, startsInMs: 48 * hour });
    const ticketIds = [booking.tickets[0].id];
    // Each ticket's share is 2130; 10 % of it (213) is kept.
    const quote = await me.call("bookings.cancellationQuote", { bookingId: booking.id, ticketIds });
    expect(quote).toMatchObject({
      allowed: true,
      feePercent: 10,
      refundMinor: 1917,
      keptMinor: 213,
      currency: "EUR",
    });
    const done = await me.call("bookings.cancel", { bookingId: booking.id, ticketIds });
    expect(done.cancelledTicketIds).toEqual(ticketIds);
    expect(done.refund).toMatchObject({ amountMinor: 1917, keptMinor: 213, ticketCount: 1 });
    expect(done).toMatchObject({ status: "confirmed", paymentStatus: "partly-refunded" });
    expect(done.tickets.map((t: { status: string }) => t.status)).toEqual(["cancelled", "valid"]);
    expect(done.canCancel).toBe(true);
    expect(await kit.bookingRow(booking.id)).toMatchObject({ refundedMinor: 1917 });
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 1, ticketed: 1 });
    const again = await me.fail("bookings.cancel", { bookingId: booking.id, ticketIds });
    expect(again).toMatchObject({ details: { reason: "already-cancelled" } });
    // Another's booking is not found, for the quote as for the cancel.
    const stranger = await kit.buyer();
    expect(
      (await stranger.fail("bookings.cancellationQuote", { bookingId: booking.id })).status,
    ).toBe("NOT_FOUND");
    expect((await stranger.fail("bookings.cancel", { bookingId: booking.id })).status).toBe(
      "NOT_FOUND",
    );
  });

  it("refuses when the organiser allows no self-cancellation, and cancels a free ticket alone", async () => {
    const strict = await makeEvent(db.db, { attendeeCancellation: false });
    const me = await kit.buyer();
    const { booking } = await holdAndConfirm(me, strict.event.id, nth(strict.types, 0).id, 1);
    expect(booking.canCancel).toBe(false);
    expect(await me.call("bookings.cancellationQuote", { bookingId: booking.id })).toMatchObject({
      allowed: false,
      reason: "not-allowed",
      deadline: null,
    });
    expect(await me.fail("bookings.cancel", { bookingId: booking.id })).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "not-allowed" },
    });

    const free = await makeEvent(db.db, { types: [{ capacity: 5 }] });
    const two = await holdAndConfirm(me, free.event.id, nth(free.types, 0).id, 2);
    const one = await me.call("bookings.cancel", {
      bookingId: two.booking.id,
      ticketIds: [two.booking.tickets[1].id],
    });
    expect(one).toMatchObject({ status: "confirmed", refund: null });
    expect(one.cancelledTicketIds).toEqual([two.booking.tickets[1].id]);
    expect(await inventoryOf(db.db, nth(free.types, 0).id)).toMatchObject({ taken: 1 });
  });
});
