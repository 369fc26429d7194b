import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventAuthoringFunctions } from "#server/modules/events/event-authoring.functions.ts";
import { orderFunctions } from "#server/modules/orders/orders.functions.ts";
import { reconcileCheckouts } from "#server/modules/payments/checkout-reconciliation.ts";
import { checkouts } from "#server/modules/payments/payments.schema.ts";
import { sendRequestedRefunds } from "#server/modules/payments/refund-runner.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import { attendees, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import { newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { ordersKit } from "#tests/support/kits/orders-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";
import { webhookReceivers } from "#tests/support/kits/webhook-emission-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";

/**
 * Orders and their money, driven through the real functions (and the payments' webhook
 * intake, reconciliation and refund runner): each change queues one delivery per enabled
 * endpoint of the event's business that wants it, once per real change, in its
 * transaction. Events and tickets: webhook-emission-events.test.ts.
 */
describe.each(testDatabases)("order webhooks queued where orders change on $name", (database) => {
  let db: TestDatabase;
  let peer: StripePeer;
  let kit: Awaited<ReturnType<typeof ordersKit>>;
  let receivers: Awaited<ReturnType<typeof webhookReceivers>>;

  beforeAll(async () => {
    db = await database.open();
    peer = await startStripePeer();
    kit = await ordersKit(db, peer);
    const other = await businessOwner(kit.services);
    receivers = await webhookReceivers(db.db, other.business.id);
  }, 120_000);
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });
  const endpointsOf: (typeof receivers)["endpointsOf"] = (...args) =>
    receivers.endpointsOf(...args);
  const expectSent: (typeof receivers)["expectSent"] = (...args) => receivers.expectSent(...args);

  const ordersRegistry = createRegistry([...orderFunctions]);
  /** `orders.get` as the event's owner: the order a receiver reads with the id it was sent. */
  function orderAsOwner(ownerId: string, orderId: string) {
    const auth: Auth = { userId: ownerId, sessionId: "s", roles: [] };
    return ordersRegistry.invoke(
      "orders.get",
      { bookingId: orderId },
      functionContext(kit.services, auth),
      // biome-ignore lint/suspicious/noExplicitAny: the test reads two fields
    ) as Promise<any>;
  }

  function authoringAs(userId: string, steps = crossModuleSteps) {
    const registry = createRegistry([...eventAuthoringFunctions(steps)]);
    const ctx = functionContext(kit.services, { userId, sessionId: "s", roles: [] });
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
    return (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx);
  }

  /** A buyer's started card checkout of `quantity` tickets. */
  async function cardPayer(eventId: string, typeId: string, quantity = 1) {
    const me = await kit.buyer();
    const hold = await holdOf(me, eventId, [{ ticketTypeId: typeId, quantity }]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(quantity),
    });
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    return {
      me,
      checkoutId: started.checkoutId as string,
      sessionId: row?.providerCheckoutId ?? "",
    };
  }
  const checkoutRow = async (id: string) =>
    nth(await db.db.select().from(checkouts).where(eq(checkouts.id, id)), 0);

  it("queues order.created once per booking confirmed, free or to pay at the venue", async () => {
    const made = await kit.cardEvent({
      types: [
        { priceMinor: 1500, capacity: 5, card: false },
        { priceMinor: 0, capacity: 5, card: false },
      ],
    });
    const endpoints = await endpointsOf(made.business.id, "order.created");
    const venueBuyer = await kit.buyer();
    const hold = await holdOf(venueBuyer, made.event.id, [
      { ticketTypeId: nth(made.types, 0).id, quantity: 2 },
    ]);
    const confirm = { holdId: hold.id, attendees: attendees(2), idempotencyKey: newKey() };
    const atVenue = await venueBuyer.call("bookings.confirm", confirm);
    // The same request again (a double submit): the same booking, no second event.
    expect((await venueBuyer.call("bookings.confirm", confirm)).id).toBe(atVenue.id);
    const free = await holdAndConfirm(await kit.buyer(), made.event.id, nth(made.types, 1).id, 1);

    await expectSent(endpoints, [
      {
        type: "order.created",
        data: { orderId: atVenue.id, eventId: made.event.id, status: "pay-at-venue" },
      },
      {
        type: "order.created",
        data: { orderId: free.booking.id, eventId: made.event.id, status: "free" },
      },
    ]);
    // The id and the status are the order's as `orders.get` answers them.
    expect(await orderAsOwner(made.owner.id, atVenue.id)).toMatchObject({
      id: atVenue.id,
      eventId: made.event.id,
      state: "pay-at-venue",
    });
    expect(await orderAsOwner(made.owner.id, free.booking.id)).toMatchObject({ state: "free" });
  });

  it("queues order.created and order.paid once for a card payment, whichever path settles it", async () => {
    const made = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    const endpoints = await endpointsOf(made.business.id, "order.paid");
    const p = await cardPayer(made.event.id, nth(made.types, 0).id, 2);
    await peer.pay(p.sessionId);
    const completed = nth(kit.peerEvents("checkout.session.completed", p.sessionId), 0);
    // Stripe's webhook settles it; the return page, the webhook again and the
    // reconciliation (the checkout's expiry passed) find it settled.
    await kit.deliver(completed);
    await p.me.call("payments.checkoutStatus", { checkoutId: p.checkoutId });
    await kit.deliver(completed);
    await db.db.execute(
      sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${p.checkoutId}`,
    );
    await reconcileCheckouts(kit.deps);

    const row = await checkoutRow(p.checkoutId);
    expect(row.status).toBe("booked");
    const orderId = row.bookingId ?? "";
    const order = await orderAsOwner(made.owner.id, orderId);
    expect(order).toMatchObject({ state: "paid", currency: "EUR" });
    await expectSent(endpoints, [
      { type: "order.created", data: { orderId, eventId: made.event.id, status: "paid" } },
      {
        type: "order.paid",
        data: {
          orderId,
          eventId: made.event.id,
          amountMinor: order.totalMinor,
          currency: "EUR",
        },
      },
    ]);
    expect(order.totalMinor).toBe(row.totalMinor);
  });

  it("queues order.paid when the reconciliation is the one that settles the payment", async () => {
    const made = await kit.cardEvent({ types: [{ priceMinor: 1000, capacity: 10 }] });
    const endpoints = await endpointsOf(made.business.id, "order.paid");
    const p = await cardPayer(made.event.id, nth(made.types, 0).id);
    await peer.pay(p.sessionId);
    await db.db.execute(
      sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${p.checkoutId}`,
    );
    await reconcileCheckouts(kit.deps);
    await reconcileCheckouts(kit.deps);
    const row = await checkoutRow(p.checkoutId);
    const orderId = row.bookingId ?? "";
    expect(orderId).not.toBe("");
    await expectSent(endpoints, [
      { type: "order.created", data: { orderId, eventId: made.event.id, status: "paid" } },
      {
        type: "order.paid",
        data: { orderId, eventId: made.event.id, amountMinor: row.totalMinor, currency: "EUR" },
      },
    ]);
  });

  it("queues order.refunded once per refund that succeeded, by the answer or by the webhook", async () => {
    const made = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    const me = await kit.buyer();
    const booking = await kit.paidBooking(me, made.event.id, nth(made.types, 0).id, 3);
    const endpoints = await endpointsOf(made.business.id, "order.refunded");
    const organiser = kit.organiser(made.owner);
    const one = await organiser.call("orders.refund", {
      bookingId: booking.id,
      ticketIds: [booking.tickets[0].id],
      reason: "Cannot come",
    });
    expect(one.refund).toMatchObject({ status: "succeeded" });
    // The second one is pending at first: it succeeds by Stripe's webhook.
    peer.nextRefundStatus("pending");
    const rest = await organiser
      .call("orders.refund", { bookingId: booking.id, ticketIds: null })
      .finally(() => peer.nextRefundStatus("succeeded"));
    expect(rest.refund).toMatchObject({ status: "pending" });
    const refunded = (amountMinor: number) => ({
      type: "order.refunded",
      data: { orderId: booking.id, eventId: made.event.id, amountMinor, currency: "EUR" },
    });
    await expectSent(endpoints, [refunded(one.refund.amountMinor)]);

    const [paid] = await rowsOf<{ payment_reference: string }>(
      db.db,
      sql`select payment_reference from checkouts where booking_id = ${booking.id}`,
    );
    const intent = paid?.payment_reference ?? "";
    const pending = [...peer.store.refunds.values()].find(
      (refund) => refund.payment_intent === intent && refund.status === "pending",
    );
    await peer.settleRefund(pending?.id ?? "", "succeeded");
    // Every webhook about both refunds, twice: each refund succeeded once.
    const events = [
      ...kit.peerEvents("refund.created", intent),
      ...kit.peerEvents("refund.updated", intent),
    ];
    for (const event of [...events, ...events]) await kit.deliver(event);
    await expectSent(endpoints, [
      refunded(one.refund.amountMinor),
      refunded(rest.refund.amountMinor),
    ]);
  });

  it("queues event.updated when an event with paid orders is cancelled, then order.refunded per order", async () => {
    const made = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    const a = await kit.paidBooking(await kit.buyer(), made.event.id, nth(made.types, 0).id, 1);
    const b = await kit.paidBooking(await kit.buyer(), made.event.id, nth(made.types, 0).id, 2);
    const endpoints = await endpointsOf(made.business.id, "event.updated");
    await authoringAs(made.owner.id)("events.cancel", { eventId: made.event.id, reason: "Flood" });
    const cancelled = {
      type: "event.updated",
      data: { eventId: made.event.id, status: "cancelled" },
    };
    // Recorded in the cancelling transaction, sent by the runner after: none succeeded yet.
    await expectSent(endpoints, [cancelled]);
    await sendRequestedRefunds(kit.deps);
    await sendRequestedRefunds(kit.deps);
    const refunded = (booking: { id: string; totalMinor: number }) => ({
      type: "order.refunded",
      data: {
        orderId: booking.id,
        eventId: made.event.id,
        amountMinor: booking.totalMinor,
        currency: "EUR",
      },
    });
    await expectSent(endpoints, [cancelled, refunded(a), refunded(b)]);
  });

  it("queues nothing when the change rolls back", async () => {
    const made = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 10 }] });
    await kit.paidBooking(await kit.buyer(), made.event.id, nth(made.types, 0).id, 1);
    const endpoints = await endpointsOf(made.business.id, "event.updated");
    // The last step of the cancellation fails: the event's change, its bookings' and
    // refunds' and its webhook all roll back.
    const failing = {
      ...crossModuleSteps,
      eventCancellation: [
        ...crossModuleSteps.eventCancellation,
        async () => {
          throw new Error("a step failed");
        },
      ],
    };
    await expect(
      authoringAs(made.owner.id, failing)("events.cancel", { eventId: made.event.id }),
    ).rejects.toThrow();
    const [event] = await rowsOf<{ status: string }>(
      db.db,
      sql`select status from events where id = ${made.event.id}`,
    );
    expect(event?.status).toBe("published");
    await sendRequestedRefunds(kit.deps);
    await expectSent(endpoints, []);
  });
});
