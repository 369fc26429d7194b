import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { refunds } from "#server/modules/payments/payments.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { inventoryOf, makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";
import { ordersKit } from "#tests/support/kits/orders-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";

type Ticket = { id: string; status: string };

/** The organiser's refunds and cancellations (orders.refund, orders.retryRefund) at the Stripe peer. */
describe.each(testDatabases)("the organiser refunds orders on $name", (database) => {
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

  it("refunds one ticket's share of a card-paid order, then exactly the remainder", async () => {
    const { event, types, owner } = await kit.cardEvent({
      types: [{ priceMinor: 2000, capacity: 10 }],
    });
    const me = await kit.buyer();
    const booking = await kit.paidBooking(me, event.id, nth(types, 0).id, 3);
    // 3 × (2000 + 5 % + 30 fee) = 6390; each ticket's share 2130, of which 130 fee.
    expect(booking.totalMinor).toBe(6390);
    const organiser = kit.organiser(owner);
    const one = await organiser.call("orders.refund", {
      bookingId: booking.id,
      ticketIds: [booking.tickets[1].id],
      reason: "Cannot come",
    });
    expect(one).toEqual({
      cancelledTicketIds: [booking.tickets[1].id],
      refund: expect.objectContaining({
        source: "organizer",
        reason: "Cannot come",
        status: "succeeded",
        amountMinor: 2130,
        keptMinor: 0,
        currency: "EUR",
        ticketCount: 1,
        attempt: 1,
      }),
    });
    expect(await kit.bookingRow(booking.id)).toMatchObject({
      status: "confirmed",
      paymentStatus: "partly-refunded",
      refundedMinor: 2130,
    });
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 2, ticketed: 2 });
    const told = await db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.kind, "payment-refunded")));
    expect(told.map((n) => n.title)).toEqual(["1 ticket cancelled, €21.30 refunded to your card"]);
    expect(nth(told, 0).body).toContain('The organiser wrote: "Cannot come"');

    const rest = await organiser.call("orders.refund", { bookingId: booking.id, ticketIds: null });
    expect(rest.cancelledTicketIds.sort()).toEqual(
      [booking.tickets[0].id, booking.tickets[2].id].sort(),
    );
    expect(rest.refund).toMatchObject({ amountMinor: 6390 - 2130, status: "succeeded" });
    expect(await kit.bookingRow(booking.id)).toMatchObject({
      status: "refunded",
      paymentStatus: "refunded",
      refundedMinor: 6390,
      cancelledBy: "organizer",
    });
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 0, ticketed: 0 });
    const atPeer = [...peer.store.refunds.values()].filter(
      (r) => r.metadata.bookingId === booking.id,
    );
    expect(atPeer.map((r) => r.amount).sort()).toEqual([2130, 4260]);
    const view = await me.call("bookings.get", { reference: booking.reference });
    expect(view.tickets.map((t: Ticket) => t.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    // Nothing is left to refund: a second whole refund is refused.
    expect(
      await organiser.fail("orders.refund", { bookingId: booking.id, ticketIds: null }),
    ).toMatchObject({ status: "FAILED_PRECONDITION", details: { reason: "already-cancelled" } });
  });

  it("cancels pay-at-venue and free orders without a refund", async () => {
    const venue = await kit.cardEvent({ types: [{ priceMinor: 1500, capacity: 5, card: false }] });
    const free = await makeEvent(db.db, { types: [{ capacity: 5 }] });
    const me = await kit.buyer();
    const atVenue = await holdAndConfirm(me, venue.event.id, nth(venue.types, 0).id, 2);
    expect(atVenue.booking.paymentStatus).toBe("unpaid");
    const result = await kit
      .organiser(venue.owner)
      .call("orders.refund", { bookingId: atVenue.booking.id, ticketIds: null, reason: "" });
    expect(result).toMatchObject({ refund: null });
    expect(result.cancelledTicketIds).toHaveLength(2);
    expect(await kit.bookingRow(atVenue.booking.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "unpaid",
      refundedMinor: 0,
    });
    expect(await inventoryOf(db.db, nth(venue.types, 0).id)).toMatchObject({ taken: 0 });

    const gratis = await holdAndConfirm(me, free.event.id, nth(free.types, 0).id, 2);
    const part = await kit.organiser(free.owner).call("orders.refund", {
      bookingId: gratis.booking.id,
      ticketIds: [gratis.booking.tickets[0].id],
    });
    expect(part).toEqual({ cancelledTicketIds: [gratis.booking.tickets[0].id], refund: null });
    expect(await kit.bookingRow(gratis.booking.id)).toMatchObject({ status: "confirmed" });
    expect(await inventoryOf(db.db, nth(free.types, 0).id)).toMatchObject({ taken: 1 });
    const none = await db.db.select().from(refunds).where(eq(refunds.bookingId, gratis.booking.id));
    expect(none).toEqual([]);
  });

  it("answers NOT_FOUND for another business's order and refuses a checked-in ticket", async () => {
    const { event, types, owner } = await kit.cardEvent({
      types: [{ priceMinor: 1000, capacity: 5 }],
    });
    const other = await makeEvent(db.db);
    const me = await kit.buyer();
    const booking = await kit.paidBooking(me, event.id, nth(types, 0).id, 2);
    for (const caller of [kit.organiser(other.owner), me]) {
      const refusal = await caller.fail("orders.refund", {
        bookingId: booking.id,
        ticketIds: null,
      });
      expect(refusal).toMatchObject({ status: "NOT_FOUND", message: "Order not found." });
    }
    await kit.setTicketStatus(booking.tickets[0].id, "checked-in");
    const used = await kit.organiser(owner).fail("orders.refund", {
      bookingId: booking.id,
      ticketIds: [booking.tickets[0].id],
    });
    expect(used).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "checked-in" },
    });
    const stranger = await kit.organiser(owner).fail("orders.refund", {
      bookingId: booking.id,
      ticketIds: [crypto.randomUUID()],
    });
    expect(stranger.status).toBe("NOT_FOUND");
    expect((await kit.bookingRow(booking.id)).refundedMinor).toBe(0);
  });

  it("retries a failed refund as a new attempt, which succeeds", async () => {
    const { event, types, owner } = await kit.cardEvent({
      types: [{ priceMinor: 1000, capacity: 5 }],
    });
    const me = await kit.buyer();
    const booking = await kit.paidBooking(me, event.id, nth(types, 0).id, 1);
    const organiser = kit.organiser(owner);
    peer.nextRefundStatus("failed");
    try {
      const failed = await organiser.call("orders.refund", {
        bookingId: booking.id,
        ticketIds: null,
      });
      expect(failed.refund).toMatchObject({ status: "failed", attempt: 1 });
      expect(failed.refund.failure).toBeTruthy();
      // The tickets stay cancelled while the money is retried.
      expect(await kit.bookingRow(booking.id)).toMatchObject({ status: "refunded" });
    } finally {
      peer.nextRefundStatus("succeeded");
    }
    const [row] = await db.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    const retried = await organiser.call("orders.retryRefund", { refundId: row?.id });
    expect(retried).toMatchObject({ status: "succeeded", attempt: 2, failure: null });
    const again = await organiser.fail("orders.retryRefund", { refundId: row?.id });
    expect(again).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "not-failed" },
    });
    const other = await makeEvent(db.db);
    expect(
      (await kit.organiser(other.owner).fail("orders.retryRefund", { refundId: row?.id })).status,
    ).toBe("NOT_FOUND");
    const atPeer = [...peer.store.refunds.values()].filter(
      (r) => r.metadata.bookingId === booking.id,
    );
    expect(atPeer.map((r) => [r.status, r.metadata.attempt])).toEqual([
      ["failed", "1"],
      ["succeeded", "2"],
    ]);
  });
});
