import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { eventAuthoringFunctions } from "#server/modules/events/event-authoring.functions.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { attendees, checkoutKit, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { checkouts, refunds } from "./payments.schema.ts";
import { getEventRefunds } from "./refund-progress.functions.ts";
import { sendRequestedRefunds } from "./refund-runner.ts";
import { sendRefund } from "./refunds.ts";

describe.each(testDatabases)(
  "refunds of cancelled events and deleted accounts on $name",
  (database) => {
    let db: TestDatabase;
    let peer: StripePeer;
    let kit: Awaited<ReturnType<typeof checkoutKit>>;
    const registry = createRegistry([
      ...eventAuthoringFunctions(crossModuleSteps),
      getEventRefunds,
    ]);
    const as = (userId: string) => {
      const ctx = functionContext(kit.services, { userId, sessionId: "s", roles: [] });
      return {
        // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
        call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
        fail: (name: string, data: unknown) =>
          registry.invoke(name, data, ctx).then(
            () => {
              throw new Error(`expected ${name} to fail`);
            },
            (error: unknown) => error,
          ),
      };
    };
    beforeAll(async () => {
      db = await database.open();
      peer = await startStripePeer();
      kit = await checkoutKit(db, peer);
    }, 120_000);
    afterAll(async () => {
      await peer?.close();
      await db?.dispose();
    });

    /** A booking of `quantity` tickets of `typeId` (2000 each, fee 130 each) paid at the peer. */
    async function paid(eventId: string, typeId: string, quantity: number) {
      const me = await kit.buyer();
      const hold = await holdOf(me, eventId, [{ ticketTypeId: typeId, quantity }]);
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
      const [done] = await db.db
        .select()
        .from(checkouts)
        .where(eq(checkouts.id, started.checkoutId));
      return {
        user: me.user,
        bookingId: done?.bookingId ?? "",
        intent: done?.paymentReference ?? "",
      };
    }
    const peerRefundsOf = (intent: string) =>
      [...peer.store.refunds.values()].filter((r) => r.payment_intent === intent);

    it("cancelling an event refunds every paid order in full, once, and shows the progress", async () => {
      const { event, types, owner } = await kit.cardEvent({
        types: [{ priceMinor: 2000, capacity: 20 }],
      });
      const typeId = nth(types, 0).id;
      const a = await paid(event.id, typeId, 2);
      const b = await paid(event.id, typeId, 1);
      // b is disputed at the bank: not ours to refund.
      await db.db
        .update(bookings)
        .set({ paymentStatus: "disputed" })
        .where(eq(bookings.id, b.bookingId));
      const c = await paid(event.id, typeId, 3);

      await as(owner.id).call("events.cancel", { eventId: event.id, reason: "Flooded" });
      const rows = await db.db.select().from(refunds).where(eq(refunds.eventId, event.id));
      expect(
        rows
          .map((r) => [
            r.bookingId,
            r.source,
            r.status,
            r.amountMinor,
            r.feesMinor,
            r.ticketIds.length,
          ])
          .sort(),
      ).toEqual(
        [
          [a.bookingId, "event-cancelled", "requested", 4260, 260, 2],
          [c.bookingId, "event-cancelled", "requested", 6390, 390, 3],
        ].sort(),
      );
      expect(rows[0]?.reason).toBe("Event cancelled: Flooded");
      const [bookedA] = await db.db.select().from(bookings).where(eq(bookings.id, a.bookingId));
      expect(bookedA).toMatchObject({
        status: "cancelled",
        refundedMinor: 4260,
        paymentStatus: "refunded",
      });
      // Everyone is told by the cancellation notice, which says cards are refunded.
      const [notice] = await db.db
        .execute(
          sql`select body from notice_fanouts where event_id = ${event.id} and kind = 'event-cancelled'`,
        )
        .then((result) => (result as unknown as { rows: { body: string }[] }).rows);
      expect(notice?.body).toContain("refunded to the card");

      const before = await as(owner.id).call("payments.eventRefunds", { eventId: event.id });
      expect(before).toMatchObject({
        currency: "EUR",
        total: { count: 2, amountMinor: 10650 },
        byStatus: {
          requested: { count: 2, amountMinor: 10650 },
          pending: { count: 0, amountMinor: 0 },
          succeeded: { count: 0, amountMinor: 0 },
          failed: { count: 0, amountMinor: 0 },
        },
        failed: [],
      });

      // A's refund fails at the peer; the runner sends the rest (C's) and leaves A failed.
      const refundOfA = rows.find((r) => r.bookingId === a.bookingId);
      peer.nextRefundStatus("failed");
      await sendRefund(kit.deps, refundOfA?.id ?? "").finally(() =>
        peer.nextRefundStatus("succeeded"),
      );
      await sendRequestedRefunds(kit.deps);
      expect(peerRefundsOf(a.intent).map((r) => [r.amount, r.status])).toEqual([[4260, "failed"]]);
      expect(peerRefundsOf(c.intent).map((r) => [r.amount, r.status])).toEqual([
        [6390, "succeeded"],
      ]);
      expect(peerRefundsOf(b.intent)).toEqual([]);
      const after = await as(owner.id).call("payments.eventRefunds", { eventId: event.id });
      expect(after).toMatchObject({
        total: { count: 2, amountMinor: 10650 },
        byStatus: {
          requested: { count: 0, amountMinor: 0 },
          succeeded: { count: 1, amountMinor: 6390 },
          failed: { count: 1, amountMinor: 4260 },
        },
        failed: [
          {
            bookingId: a.bookingId,
            amountMinor: 4260,
            attempt: 1,
            failure: "The card's bank refused the refund.",
          },
        ],
      });

      // Another business's owner: NOT_FOUND, as for an unknown id.
      const other = await kit.cardEvent();
      expect(
        await as(other.owner.id).fail("payments.eventRefunds", { eventId: event.id }),
      ).toMatchObject({ status: "NOT_FOUND" });
    });

    it("deleting an account refunds its paid future bookings in full", async () => {
      const { event, types } = await kit.cardEvent({ types: [{ priceMinor: 2000, capacity: 5 }] });
      const mine = await paid(event.id, nth(types, 0).id, 2);
      await db.db.transaction(async (tx) => {
        for (const step of accountDeletionSteps) await step(tx, mine.user.id);
      });
      const [row] = await db.db.select().from(refunds).where(eq(refunds.bookingId, mine.bookingId));
      expect(row).toMatchObject({
        source: "account-deletion",
        amountMinor: 4260,
        status: "requested",
      });
      await sendRequestedRefunds(kit.deps);
      expect(peerRefundsOf(mine.intent).map((r) => [r.amount, r.status])).toEqual([
        [4260, "succeeded"],
      ]);
    });
  },
);
