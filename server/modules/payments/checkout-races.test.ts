import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { expireHolds } from "#server/modules/holds/hold-sweep.ts";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import {
  alertSubjectsOf,
  attendees,
  checkoutKit,
  holdOf,
} from "#tests/support/kits/checkout-test-kit.ts";
import { expireNow, inventoryOf, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { reconcileCheckouts } from "./checkout-reconciliation.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { checkouts } from "./payments.schema.ts";

describe.each(testDatabases)("card checkout races (Stripe peer) on $name", (database) => {
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

  /** A buyer with a started checkout of `quantity` tickets of a type. */
  async function payer(event: { id: string }, typeId: string, quantity = 1) {
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: typeId, quantity }]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(quantity),
    });
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    return {
      me,
      hold,
      checkoutId: started.checkoutId as string,
      sessionId: row?.providerCheckoutId ?? "",
    };
  }
  type Payer = Awaited<ReturnType<typeof payer>>;
  const returnPage = (p: Payer) =>
    p.me.call("payments.checkoutStatus", { checkoutId: p.checkoutId });
  const completed = (p: Payer) => nth(kit.peerEvents("checkout.session.completed", p.sessionId), 0);
  const bookingsOfHold = (holdId: string) =>
    db.db.select().from(bookings).where(eq(bookings.holdId, holdId));
  const refundsOf = (paymentIntent: string | null | undefined) =>
    [...peer.store.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
  const checkoutRow = async (id: string) =>
    (await db.db.select().from(checkouts).where(eq(checkouts.id, id)))[0];

  it("gives one booking when the return page and the webhook settle at the same instant", async () => {
    const { event, types } = await kit.cardEvent();
    for (let round = 0; round < 3; round++) {
      const p = await payer(event, nth(types, 0).id);
      await peer.pay(p.sessionId);
      await Promise.all([returnPage(p), kit.deliver(completed(p)), returnPage(p)]);
      expect(await bookingsOfHold(p.hold.id)).toHaveLength(1);
      // Booked, and nothing sent back: the later settlements found it settled.
      const row = await checkoutRow(p.checkoutId);
      expect(row).toMatchObject({ status: "booked", problem: null, refundId: null });
      expect(refundsOf(row?.paymentReference)).toEqual([]);
    }
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 3,
      ticketed: 3,
      held: 0,
    });
  });

  it("gives one booking for checkout.session.completed delivered 5 times, out of order with the expiry", async () => {
    const { event, types } = await kit.cardEvent();
    const p = await payer(event, nth(types, 0).id, 2);
    await peer.pay(p.sessionId);
    const paid = completed(p);
    // An expiry of the same checkout told first (as if sent before the payment, arriving late).
    if (paid.kind !== "checkout.paid") throw new Error("not a payment");
    const expired: PaymentEvent = {
      ...paid,
      id: `${paid.id}_x`,
      kind: "checkout.expired",
      checkout: { ...paid.checkout, status: "expired" },
    };
    await kit.deliver(expired);
    // Five times over HTTP through the webhook route, and twice more at the same time.
    await kit.withWebhookRoute(async () => {
      const [answers] = await Promise.all([
        peer.deliver(paid.id, 5),
        kit.deliver(paid),
        kit.deliver(paid),
      ]);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
    });
    await kit.deliver(expired);
    expect(await bookingsOfHold(p.hold.id)).toHaveLength(1);
    expect(refundsOf((await checkoutRow(p.checkoutId))?.paymentReference)).toEqual([]);
    expect(await checkoutRow(p.checkoutId)).toMatchObject({
      status: "booked",
      paidAmountMinor: 1000 * 2 + 2 * 80,
      // The event names no card: the intake read it, so the receipt shows the digits.
      cardLast4: "4242",
    });
    const [booking] = await db.db
      .select({ cardLast4: bookings.cardLast4 })
      .from(bookings)
      .where(eq(bookings.holdId, p.hold.id));
    expect(booking?.cardLast4).toBe("4242");
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 2,
      ticketed: 2,
      held: 0,
    });
  });

  it("books late payers while tickets remain and refunds every other one once, never overselling", async () => {
    const capacity = 6;
    const { event, types, teamId } = await kit.cardEvent({
      types: [{ priceMinor: 1500, capacity }],
    });
    const typeId = nth(types, 0).id;
    const payers: Payer[] = [];
    for (let i = 0; i < capacity; i++) payers.push(await payer(event, typeId));
    // Every hold lapses while its buyer is on the payment page; others take 3 tickets.
    for (const p of payers) await expireNow(db.db, p.hold.id);
    await expireHolds(db.db);
    for (let i = 0; i < 3; i++) {
      await holdOf(await kit.buyer(), event.id, [{ ticketTypeId: typeId, quantity: 1 }]);
    }
    for (const p of payers) await peer.pay(p.sessionId);
    // Each payment settled twice at once: by its return page and by its webhook.
    await Promise.all(payers.flatMap((p) => [returnPage(p), kit.deliver(completed(p))]));
    const rows = await Promise.all(payers.map((p) => checkoutRow(p.checkoutId)));
    const booked = rows.filter((row) => row?.status === "booked");
    const refunded = rows.filter((row) => row?.status === "refunded");
    expect(booked).toHaveLength(3);
    expect(refunded).toHaveLength(3);
    for (const row of refunded) {
      expect(row?.problem).toBe("Sold out while you were paying: refunded");
      // Refunded once at the provider, in full.
      expect(refundsOf(row?.paymentReference).map((refund) => refund.amount)).toEqual([
        row?.totalMinor,
      ]);
      const told = await db.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, row?.userId ?? ""));
      expect(told.map((n) => n.kind)).toEqual(["payment-refunded"]);
    }
    const inventory = await inventoryOf(db.db, typeId);
    expect(inventory).toMatchObject({ taken: capacity, ticketed: 3, held: 3 });
    const loser = nth(
      payers.filter((p) => refunded.some((row) => row?.id === p.checkoutId)),
      0,
    );
    expect((await returnPage(loser)).message).toMatch(
      /^Sold out while you were paying: refunded\./,
    );
    expect(
      (await alertSubjectsOf(db.db, teamId)).filter((s) => s.includes("refunded")),
    ).toHaveLength(3);
  });

  it("takes a lapsed hold's types all or none: one type gone means a refund and the other untouched", async () => {
    const { event, types } = await kit.cardEvent({
      types: [
        { priceMinor: 1000, capacity: 1 },
        { priceMinor: 500, capacity: 5 },
      ],
    });
    const [scarce, plenty] = [nth(types, 0), nth(types, 1)];
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [
      { ticketTypeId: scarce.id, quantity: 1 },
      { ticketTypeId: plenty.id, quantity: 2 },
    ]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(3),
    });
    const p: Payer = { me, hold, checkoutId: started.checkoutId, sessionId: "" };
    p.sessionId = (await checkoutRow(p.checkoutId))?.providerCheckoutId ?? "";
    await expireNow(db.db, hold.id);
    await expireHolds(db.db);
    await holdOf(await kit.buyer(), event.id, [{ ticketTypeId: scarce.id, quantity: 1 }]);
    await peer.pay(p.sessionId);
    expect((await returnPage(p)).status).toBe("refunded");
    expect(await bookingsOfHold(hold.id)).toEqual([]);
    expect(await inventoryOf(db.db, plenty.id)).toMatchObject({ taken: 0, held: 0, ticketed: 0 });
    expect(await inventoryOf(db.db, scarce.id)).toMatchObject({ taken: 1, held: 1, ticketed: 0 });
  });

  it("flags a payment of another amount and books nothing; marks a disputed booking and alerts", async () => {
    const { event, types, teamId } = await kit.cardEvent();
    const odd = await payer(event, nth(types, 0).id);
    // The order changed under the checkout (as if tampered with): what is charged differs.
    await db.db.execute(sql`update checkouts set tickets_minor = tickets_minor + 1,
      total_minor = total_minor + 1 where id = ${odd.checkoutId}`);
    await peer.pay(odd.sessionId);
    expect((await returnPage(odd)).status).toBe("flagged");
    expect(await bookingsOfHold(odd.hold.id)).toEqual([]);
    expect((await checkoutRow(odd.checkoutId))?.problem).toBe(
      "Paid 1080 (minor units), the order costs 1081",
    );

    const good = await payer(event, nth(types, 0).id);
    await peer.pay(good.sessionId);
    await kit.deliver(completed(good));
    const paymentIntent = (await checkoutRow(good.checkoutId))?.paymentReference ?? "";
    const dispute = await peer.openDispute(paymentIntent);
    await kit.deliver(nth(kit.peerEvents("charge.dispute.created", paymentIntent), 0));
    expect((await bookingsOfHold(good.hold.id))[0]?.paymentStatus).toBe("disputed");
    expect(await alertSubjectsOf(db.db, teamId)).toEqual([
      "A card payment does not match its order",
      "A card payment is disputed",
    ]);
    await peer.closeDispute(dispute.id, "won");
    await kit.deliver(nth(kit.peerEvents("charge.dispute.closed", paymentIntent), 0));
    expect((await bookingsOfHold(good.hold.id))[0]?.paymentStatus).toBe("paid");
  });

  it("reconciles a paid checkout whose webhook never came, and a refund that failed", async () => {
    const { event, types } = await kit.cardEvent({ types: [{ priceMinor: 1000, capacity: 1 }] });
    const p = await payer(event, nth(types, 0).id);
    await peer.pay(p.sessionId);
    // Nothing settles it before its expiry; after, the reconciliation asks the provider.
    await reconcileCheckouts(kit.deps);
    expect(await bookingsOfHold(p.hold.id)).toEqual([]);
    await db.db.execute(
      sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${p.checkoutId}`,
    );
    await reconcileCheckouts(kit.deps);
    expect(await bookingsOfHold(p.hold.id)).toHaveLength(1);

    // A late payer whose tickets went meanwhile, and whose refund failed after the commit.
    const other = await kit.cardEvent({ types: [{ priceMinor: 1000, capacity: 1 }] });
    const late = await payer(other.event, nth(other.types, 0).id);
    await expireNow(db.db, late.hold.id);
    await expireHolds(db.db);
    await holdOf(await kit.buyer(), other.event.id, [
      { ticketTypeId: nth(other.types, 0).id, quantity: 1 },
    ]);
    await peer.pay(late.sessionId);
    // The intake's read of the card (3 tries, then settled without the digits) and the
    // refund after the commit (3 tries) both fail.
    peer.failNext(6);
    await kit.deliver(completed(late));
    expect(await checkoutRow(late.checkoutId)).toMatchObject({
      status: "refunding",
      refundId: null,
    });
    expect(await reconcileCheckouts(kit.deps)).toMatchObject({ refunds: 1 });
    const after = await checkoutRow(late.checkoutId);
    expect(after).toMatchObject({ status: "refunded" });
    expect(after?.refundId).toMatch(/^re_/);
    expect(await bookingsOfHold(late.hold.id)).toEqual([]);
  });
});
