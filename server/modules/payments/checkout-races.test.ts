import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { expireHolds } from "#server/modules/holds/hold-sweep.ts";
import { notifications } from "#server/modules/notifications/notifications.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { fakePaymentProvider } from "#tests/support/fake-payment-provider.ts";
import {
  alertSubjectsOf,
  attendees,
  cardEvent,
  checkoutKit,
  holdOf,
} from "#tests/support/kits/checkout-test-kit.ts";
import { expireNow, inventoryOf, nth } from "#tests/support/kits/holds-test-kit.ts";
import { reconcileCheckouts } from "./checkout-reconciliation.ts";
import { readCheckoutStatus } from "./checkout-status.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { checkouts, paymentEvents } from "./payments.schema.ts";
import { runAfterCommit } from "./settle-checkout.ts";
import { startCheckout } from "./start-checkout.ts";
import { webhookHandlers } from "./webhook-handlers.ts";

describe.each(testDatabases)("card checkout races on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof checkoutKit>>;
  const peer = fakePaymentProvider();
  beforeAll(async () => {
    db = await database.open();
    kit = await checkoutKit(db, peer.provider);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  /** As the webhook intake does: the event stored once by its id, handled in that transaction. */
  async function deliver(event: PaymentEvent) {
    const after = await kit.deps.db.transaction(async (tx) => {
      const stored = await tx
        .insert(paymentEvents)
        .values({ provider: event.provider, eventId: event.id, kind: event.kind })
        .onConflictDoNothing()
        .returning();
      if (stored.length === 0) return undefined;
      const handler = webhookHandlers[event.kind] as
        | ((tx: unknown, event: PaymentEvent, deps: unknown) => Promise<unknown>)
        | undefined;
      return (await handler?.(tx, event, kit.deps)) as (() => Promise<void>) | undefined;
    });
    if (after) await runAfterCommit(kit.deps, after);
  }
  let eventCounter = 0;
  const paidEvent = (sessionId: string, id = `evt_${++eventCounter}`): PaymentEvent => ({
    id,
    provider: "stripe",
    created: new Date(),
    kind: "checkout.paid",
    checkout: peer.state(sessionId),
  });

  /** A buyer with a started checkout of `quantity` tickets of the event's first type. */
  async function payer(event: { id: string }, typeId: string, quantity = 1) {
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: typeId, quantity }]);
    const started = await startCheckout(kit.deps, me.user.id, {
      holdId: hold.id,
      attendees: attendees(quantity),
    });
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    return { me, hold, checkoutId: started.checkoutId, sessionId: row?.providerCheckoutId ?? "" };
  }

  const bookingsOfHold = (holdId: string) =>
    db.db.select().from(bookings).where(eq(bookings.holdId, holdId));

  it("gives one booking when the return page and the webhook settle at the same instant", async () => {
    const { event, types } = await cardEvent(db.db);
    for (let round = 0; round < 3; round++) {
      const p = await payer(event, nth(types, 0).id);
      peer.pay(p.sessionId);
      await Promise.all([
        readCheckoutStatus(kit.deps, p.me.user.id, p.checkoutId),
        deliver(paidEvent(p.sessionId)),
        readCheckoutStatus(kit.deps, p.me.user.id, p.checkoutId),
      ]);
      expect(await bookingsOfHold(p.hold.id)).toHaveLength(1);
    }
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({ taken: 3, ticketed: 3 });
  });

  it("gives one booking for the same event delivered 5 times, out of order with the expiry", async () => {
    const { event, types } = await cardEvent(db.db);
    const p = await payer(event, nth(types, 0).id, 2);
    const expired: PaymentEvent = {
      id: `evt_${++eventCounter}`,
      provider: "stripe",
      created: new Date(),
      kind: "checkout.expired",
      checkout: { ...peer.state(p.sessionId), status: "expired" },
    };
    peer.pay(p.sessionId);
    const completed = paidEvent(p.sessionId);
    await deliver(expired);
    await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    await deliver(expired);
    expect(await bookingsOfHold(p.hold.id)).toHaveLength(1);
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, p.checkoutId));
    expect(row).toMatchObject({ status: "booked", paidAmountMinor: row?.totalMinor });
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 2,
      ticketed: 2,
      held: 0,
    });
  });

  it("books late payers while tickets remain and refunds every other one once, never overselling", async () => {
    const capacity = 6;
    const { event, types, teamId } = await cardEvent(db.db, {
      types: [{ priceMinor: 1500, capacity }],
    });
    const typeId = nth(types, 0).id;
    const payers = [];
    for (let i = 0; i < capacity; i++) payers.push(await payer(event, typeId));
    // Every hold lapses while its buyer is on the payment page; others take 3 tickets.
    for (const p of payers) await expireNow(db.db, p.hold.id);
    await expireHolds(db.db);
    for (let i = 0; i < 3; i++)
      await holdOf(await kit.buyer(), event.id, [{ ticketTypeId: typeId, quantity: 1 }]);
    for (const p of payers) peer.pay(p.sessionId);
    // Each payment settled twice at once: by its return page and by its webhook.
    await Promise.all(
      payers.flatMap((p) => [
        readCheckoutStatus(kit.deps, p.me.user.id, p.checkoutId),
        deliver(paidEvent(p.sessionId)),
      ]),
    );
    const rows = await db.db
      .select()
      .from(checkouts)
      .where(sql`${checkouts.id} in ${payers.map((p) => p.checkoutId)}`);
    const booked = rows.filter((row) => row.status === "booked");
    const refunded = rows.filter((row) => row.status === "refunded");
    expect(booked).toHaveLength(3);
    expect(refunded).toHaveLength(3);
    expect(
      refunded.every((row) => row.problem === "Sold out while you were paying: refunded"),
    ).toBe(true);
    // One refund per refunded payer at the provider, under its key.
    expect(new Set(refunded.map((row) => row.refundId)).size).toBe(3);
    expect(
      [...peer.refunds.keys()].filter((key) => rows.some((row) => key === `late:${row.id}`)),
    ).toHaveLength(3);
    const inventory = await inventoryOf(db.db, typeId);
    expect(inventory).toMatchObject({ taken: capacity, ticketed: 3, held: 3 });
    expect(inventory.taken).toBe(inventory.held + inventory.ticketed);
    for (const row of refunded) {
      const told = await db.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, row.userId));
      expect(told.map((n) => n.kind)).toEqual(["payment-refunded"]);
      const view = await readCheckoutStatus(kit.deps, row.userId, row.id);
      expect(view.message).toMatch(/^Sold out while you were paying: refunded\./);
    }
    expect(
      (await alertSubjectsOf(db.db, teamId)).filter((s) => s.includes("refunded")),
    ).toHaveLength(3);
  });

  it("flags a payment of another amount and books nothing; marks a disputed booking and alerts", async () => {
    const { event, types, teamId } = await cardEvent(db.db);
    const odd = await payer(event, nth(types, 0).id);
    peer.pay(odd.sessionId, { amountMinor: 1 });
    const view = await readCheckoutStatus(kit.deps, odd.me.user.id, odd.checkoutId);
    expect(view.status).toBe("flagged");
    expect(await bookingsOfHold(odd.hold.id)).toEqual([]);
    const [flagged] = await db.db.select().from(checkouts).where(eq(checkouts.id, odd.checkoutId));
    expect(flagged?.problem).toMatch(/^Paid 1 \(minor units\), the order costs \d+$/);

    const good = await payer(event, nth(types, 0).id);
    const paid = peer.pay(good.sessionId);
    await deliver(paidEvent(good.sessionId));
    const dispute: PaymentEvent = {
      id: `evt_${++eventCounter}`,
      provider: "stripe",
      created: new Date(),
      kind: "dispute.opened",
      paymentReference: paid.paymentReference ?? "",
      disputeId: "dp_1",
      amountMinor: paid.amountMinor ?? 0,
      reason: "fraudulent",
    };
    await deliver(dispute);
    const [booking] = await bookingsOfHold(good.hold.id);
    expect(booking?.paymentStatus).toBe("disputed");
    expect(await alertSubjectsOf(db.db, teamId)).toEqual([
      "A card payment does not match its order",
      "A card payment is disputed",
    ]);
    await deliver({
      ...dispute,
      id: `evt_${++eventCounter}`,
      kind: "dispute.closed",
      status: "won",
    } as PaymentEvent);
    expect((await bookingsOfHold(good.hold.id))[0]?.paymentStatus).toBe("paid");
  });

  it("reconciles a paid checkout whose webhook never came, and a refund that failed", async () => {
    const { event, types } = await cardEvent(db.db, { types: [{ priceMinor: 1000, capacity: 1 }] });
    const p = await payer(event, nth(types, 0).id);
    peer.pay(p.sessionId);
    // Nothing settles it: after its expiry the reconciliation asks the provider.
    expect(await reconcileCheckouts(kit.deps)).toMatchObject({ checked: 0 });
    await db.db.execute(
      sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${p.checkoutId}`,
    );
    expect(await reconcileCheckouts(kit.deps)).toMatchObject({ checked: 1 });
    expect(await bookingsOfHold(p.hold.id)).toHaveLength(1);

    // A late payer whose tickets went meanwhile, and whose refund failed after the commit.
    const { event: other, types: otherTypes } = await cardEvent(db.db, {
      types: [{ priceMinor: 1000, capacity: 1 }],
    });
    const late = await payer(other, nth(otherTypes, 0).id);
    await expireNow(db.db, late.hold.id);
    await expireHolds(db.db);
    await holdOf(await kit.buyer(), other.id, [
      { ticketTypeId: nth(otherTypes, 0).id, quantity: 1 },
    ]);
    peer.pay(late.sessionId);
    peer.faults.refunds = true;
    try {
      await readCheckoutStatus(kit.deps, late.me.user.id, late.checkoutId);
    } finally {
      peer.faults.refunds = false;
    }
    const [refunding] = await db.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, late.checkoutId));
    expect(refunding).toMatchObject({ status: "refunding", refundId: null });
    expect(await reconcileCheckouts(kit.deps)).toMatchObject({ refunds: 1 });
    const [after] = await db.db.select().from(checkouts).where(eq(checkouts.id, late.checkoutId));
    expect(after).toMatchObject({ status: "refunded" });
    expect(after?.refundId).toMatch(/^re_/);
    expect(await bookingsOfHold(late.hold.id)).toEqual([]);
  });
});
