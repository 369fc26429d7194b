import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundAmountOf } from "#contract/refund-amounts.ts";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  alertSubjectsOf,
  attendees,
  checkoutKit,
  holdOf,
} from "#tests/support/kits/checkout-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { checkouts, refunds } from "./payments.schema.ts";
import { sendRequestedRefunds } from "./refund-runner.ts";
import { recordRefund, refundKey, sendRefund } from "./refunds.ts";

describe.each(testDatabases)("refunds against the Stripe peer on $name", (database) => {
  let db: TestDatabase;
  let peer: StripePeer;
  let kit: Awaited<ReturnType<typeof checkoutKit>>;
  beforeAll(async () => {
    db = await database.open();
    peer = await startStripePeer();
    kit = await checkoutKit(db, peer);
  }, 120_000);
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });

  /** A booking of `quantity` tickets at 2000 paid by card at the peer (fee 130 a ticket). */
  async function paidBooking(quantity = 2) {
    const { event, types, teamId } = await kit.cardEvent({
      types: [{ priceMinor: 2000, capacity: 10 }],
    });
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity }]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(quantity),
    });
    const [checkout] = await db.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, started.checkoutId));
    await peer.pay(checkout?.providerCheckoutId ?? "");
    await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    const [paid] = await db.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    const [booking] = await db.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, paid?.bookingId ?? ""));
    if (!booking || !paid?.paymentReference) throw new Error("not booked");
    const ticketRows = await db.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.bookingId, booking.id))
      .orderBy(tickets.id);
    return { event, teamId, booking, paymentIntent: paid.paymentReference, ticketRows };
  }

  /** Records a refund of `ticketIds` of the booking (their share), as the order's refund would. */
  async function requestRefund(booking: typeof bookings.$inferSelect, ticketIds: string[]) {
    const [fresh] = await db.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const all = await db.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.bookingId, booking.id))
      .orderBy(tickets.id);
    const money = refundAmountOf(
      fresh ?? booking,
      all.map((t) => ({ id: t.id, unitPriceMinor: 2000 })),
      ticketIds,
    );
    const row = await db.db.transaction((tx) =>
      recordRefund(tx, {
        bookingId: booking.id,
        source: "organizer",
        reason: "Test",
        ticketIds,
        amountMinor: money.amountMinor,
        feesMinor: money.feesMinor,
        keptMinor: 0,
        requestedBy: null,
      }),
    );
    if (!row) throw new Error("no refund recorded");
    return row;
  }

  const refundRow = async (id: string) =>
    (await db.db.select().from(refunds).where(eq(refunds.id, id)))[0];
  const peerRefundsOf = (paymentIntent: string) =>
    [...peer.store.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
  const refundEvents = (paymentIntent: string): PaymentEvent[] => [
    ...kit.peerEvents("refund.created", paymentIntent),
    ...kit.peerEvents("refund.updated", paymentIntent),
  ];

  it("refunds a whole booking: succeeded, once at the peer, the booking refunded", async () => {
    const { booking, paymentIntent, ticketRows } = await paidBooking(2);
    const row = await requestRefund(
      booking,
      ticketRows.map((t) => t.id),
    );
    expect(row).toMatchObject({ status: "requested", amountMinor: 4260, feesMinor: 260 });
    const sent = await sendRefund(kit.deps, row.id);
    expect(sent).toMatchObject({ status: "succeeded", attempt: 1 });
    expect(sent?.settledAt).not.toBeNull();
    expect(peerRefundsOf(paymentIntent).map((r) => [r.amount, r.status])).toEqual([
      [4260, "succeeded"],
    ]);
    expect(peerRefundsOf(paymentIntent)[0]?.metadata).toEqual({
      refundId: row.id,
      attempt: "1",
      bookingId: booking.id,
    });
    const [after] = await db.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ refundedMinor: 4260, paymentStatus: "refunded" });
    // Sending again does nothing (not `requested` any more).
    await sendRefund(kit.deps, row.id);
    expect(peerRefundsOf(paymentIntent)).toHaveLength(1);
  });

  it("refunds one ticket of two, then the other: two refunds adding up to the total", async () => {
    const { booking, paymentIntent, ticketRows } = await paidBooking(2);
    const first = await requestRefund(booking, [nth(ticketRows, 0).id]);
    expect(first.amountMinor).toBe(2130);
    expect(await sendRefund(kit.deps, first.id)).toMatchObject({ status: "succeeded" });
    const [partly] = await db.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(partly).toMatchObject({ refundedMinor: 2130, paymentStatus: "partly-refunded" });
    const second = await requestRefund(booking, [nth(ticketRows, 1).id]);
    expect(await sendRefund(kit.deps, second.id)).toMatchObject({ status: "succeeded" });
    expect(peerRefundsOf(paymentIntent).map((r) => r.amount)).toEqual([2130, 2130]);
    expect(
      peer.store.charges.get(peer.store.paymentIntents.get(paymentIntent)?.latest_charge),
    ).toMatchObject({ amount_refunded: 4260, refunded: true });
  });

  it("a failed refund is failed with the reason and alerts the organiser once, also after its webhook", async () => {
    const { booking, paymentIntent, ticketRows, teamId } = await paidBooking(1);
    const row = await requestRefund(booking, [nth(ticketRows, 0).id]);
    peer.nextRefundStatus("failed");
    try {
      const sent = await sendRefund(kit.deps, row.id);
      expect(sent).toMatchObject({
        status: "failed",
        failure: "The card's bank refused the refund.",
      });
    } finally {
      peer.nextRefundStatus("succeeded");
    }
    const failedAlerts = async () =>
      (await alertSubjectsOf(db.db, teamId)).filter((s) => s === "A refund failed");
    expect(await failedAlerts()).toHaveLength(1);
    // The webhooks (created pending, then failed) arrive after: no second alert, no step back.
    for (const event of refundEvents(paymentIntent)) await kit.deliver(event);
    expect(await refundRow(row.id)).toMatchObject({ status: "failed" });
    expect(await failedAlerts()).toHaveLength(1);
  });

  it("a pending refund succeeds by its webhook; the same webhook twice and a late older one change nothing", async () => {
    const { booking, paymentIntent, ticketRows } = await paidBooking(1);
    const row = await requestRefund(booking, [nth(ticketRows, 0).id]);
    peer.nextRefundStatus("pending");
    try {
      expect(await sendRefund(kit.deps, row.id)).toMatchObject({ status: "pending" });
    } finally {
      peer.nextRefundStatus("succeeded");
    }
    const providerRefundId = nth(peerRefundsOf(paymentIntent), 0).id;
    expect(await refundRow(row.id)).toMatchObject({ providerRefundId, settledAt: null });
    await peer.settleRefund(providerRefundId, "succeeded");
    const [updated] = kit.peerEvents("refund.updated", paymentIntent);
    if (!updated) throw new Error("no refund.updated event");
    await kit.deliver(updated);
    const settled = await refundRow(row.id);
    expect(settled).toMatchObject({ status: "succeeded", providerRefundId });
    expect(settled?.settledAt).not.toBeNull();
    await kit.deliver(updated);
    // An older event (created: pending) delivered last does not move it back.
    const [created] = kit.peerEvents("refund.created", paymentIntent);
    if (!created) throw new Error("no refund.created event");
    await kit.deliver(created);
    expect(await refundRow(row.id)).toMatchObject({ status: "succeeded" });
    const stored = await db.db.execute(
      sql`select count(*)::int as n from payment_events where event_id = ${updated.id}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("the webhook delivered before our own call returns: our later answer does not move it back", async () => {
    const { booking, paymentIntent, ticketRows } = await paidBooking(1);
    const row = await requestRefund(booking, [nth(ticketRows, 0).id]);
    const provider = kit.deps.provider;
    if (!provider) throw new Error("cards off");
    // The provider accepts it (pending), settles it, and its webhooks are taken, all before
    // our call gets its answer ("pending").
    const racing: PaymentDeps = {
      ...kit.deps,
      provider: {
        ...provider,
        refund: async (request) => {
          peer.nextRefundStatus("pending");
          const answer = await provider.refund(request).finally(() => {
            peer.nextRefundStatus("succeeded");
          });
          await peer.settleRefund(answer.refundId, "succeeded");
          for (const event of refundEvents(paymentIntent)) await kit.deliver(event);
          expect(await refundRow(row.id)).toMatchObject({ status: "succeeded" });
          return answer;
        },
      },
    };
    const after = await sendRefund(racing, row.id);
    expect(after).toMatchObject({ status: "succeeded" });
    expect(peerRefundsOf(paymentIntent)).toHaveLength(1);
  });

  it("the runner sends a requested refund once, also when run twice at the same time", async () => {
    const { booking, paymentIntent, ticketRows } = await paidBooking(2);
    const row = await requestRefund(
      booking,
      ticketRows.map((t) => t.id),
    );
    const runs = await Promise.all([
      sendRequestedRefunds(kit.deps),
      sendRequestedRefunds(kit.deps),
    ]);
    // One of them ran it; the other skipped its turn (or found nothing left to send).
    expect(runs.filter((run) => run && run.sent > 0)).toHaveLength(1);
    expect(await refundRow(row.id)).toMatchObject({ status: "succeeded" });
    expect(peerRefundsOf(paymentIntent)).toHaveLength(1);
  });

  it("a refund sent by a server that died before recording the answer is recorded, not paid twice", async () => {
    const { booking, paymentIntent, ticketRows } = await paidBooking(1);
    const row = await requestRefund(booking, [nth(ticketRows, 0).id]);
    // What the dead server sent, with the attempt's key; its answer never recorded.
    const lost = await kit.provider.refund({
      paymentReference: row.paymentReference,
      amountMinor: row.amountMinor,
      idempotencyKey: refundKey(row),
      reason: "requested_by_customer",
      metadata: { refundId: row.id, attempt: "1", bookingId: row.bookingId },
    });
    expect(await refundRow(row.id)).toMatchObject({ status: "requested" });
    await sendRequestedRefunds(kit.deps);
    expect(await refundRow(row.id)).toMatchObject({
      status: "succeeded",
      providerRefundId: lost.refundId,
    });
    expect(peerRefundsOf(paymentIntent)).toHaveLength(1);
  });
});
