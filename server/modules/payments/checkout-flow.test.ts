import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { fakePaymentProvider } from "#tests/support/fake-payment-provider.ts";
import {
  attendees,
  cardEvent,
  checkoutKit,
  holdOf,
} from "#tests/support/kits/checkout-test-kit.ts";
import { inventoryOf, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { readCheckoutStatus } from "./checkout-status.ts";
import { quoteHold } from "./payments.functions.ts";
import { checkouts } from "./payments.schema.ts";
import { startCheckout } from "./start-checkout.ts";

const reasonOf = (error: unknown) =>
  (error as { details?: { reason?: string } }).details?.reason ?? String(error);

describe.each(testDatabases)("card checkout on $name", (database) => {
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

  it("quotes a card hold with fees and added tax, and books it once paid, as quoted", async () => {
    const { event, types } = await cardEvent(db.db, {
      types: [{ priceMinor: 2000, capacity: 10 }],
      tax: { rateBp: 1000, inclusive: false },
    });
    const me = await kit.buyer({ email: "ada@example.com" });
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    const quote = await quoteHold(kit.deps, me.user.id, hold.id);
    // 5 % of 2000 + 30 = 130 fee per ticket; 10 % tax of 2000 = 200 per ticket.
    expect(quote).toMatchObject({
      method: "card",
      cardBlocked: null,
      currency: "EUR",
      ticketsMinor: 4000,
      feesMinor: 260,
      taxMinor: 400,
      totalMinor: 4660,
      checkout: null,
    });
    expect(quote.lines.map((line) => [line.kind, line.label, line.totalMinor])).toEqual([
      ["ticket", "Type 1", 4000],
      ["fee", "Booking fee", 260],
      ["tax", "Tax", 400],
    ]);
    const started = await startCheckout(kit.deps, me.user.id, {
      holdId: hold.id,
      attendees: attendees(2),
    });
    const session = nth(
      [...peer.sessions.values()].filter((s) => s.request.idempotencyKey === hold.id),
      0,
    );
    expect(session.request).toMatchObject({
      currency: "eur",
      totalMinor: 4660,
      applicationFeeMinor: 260,
      successUrl: `http://localhost:3999/booking/${event.shortId}?checkout=${started.checkoutId}`,
      cancelUrl: `http://localhost:3999/booking/${event.shortId}?checkout=${started.checkoutId}&back=1`,
    });
    // The hold lasts as long as the checkout (its countdown reads the hold).
    const extended = await me.call("holds.current", { eventId: event.id });
    expect(extended.expiresAt).toBe(started.expiresAt);
    expect(new Date(started.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    peer.pay(session.id);
    const status = await readCheckoutStatus(kit.deps, me.user.id, started.checkoutId);
    expect(status).toMatchObject({ status: "booked", holdId: hold.id, message: null });
    const booking = await me.call("bookings.get", { reference: status.bookingReference });
    expect(booking).toMatchObject({
      paymentStatus: "paid",
      paymentProvider: "stripe",
      totalMinor: 4660,
      feesMinor: 260,
      taxMinor: 400,
      ticketCount: 2,
    });
    expect(await inventoryOf(db.db, nth(types, 0).id)).toMatchObject({
      taken: 2,
      ticketed: 2,
      held: 0,
    });
    expect(kit.emails.at(-1)).toMatchObject({ to: "ada@example.com" });
    // Asking again changes nothing.
    await readCheckoutStatus(kit.deps, me.user.id, started.checkoutId);
    expect(await db.db.select().from(bookings).where(eq(bookings.holdId, hold.id))).toHaveLength(1);
  });

  it("starting twice for one hold gives the same checkout and one provider session", async () => {
    const { event, types } = await cardEvent(db.db);
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]);
    const first = await startCheckout(kit.deps, me.user.id, {
      holdId: hold.id,
      attendees: attendees(1),
    });
    const second = await startCheckout(kit.deps, me.user.id, {
      holdId: hold.id,
      attendees: [{ name: "Someone Else" }],
      contactEmail: "other@example.com",
    });
    expect(second).toEqual(first);
    expect(
      [...peer.sessions.values()].filter((s) => s.request.idempotencyKey === hold.id),
    ).toHaveLength(1);
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.holdId, hold.id));
    expect(row).toMatchObject({
      attendees: [{ name: "Someone Else" }],
      contactEmail: "other@example.com",
    });
  });

  it("answers NOT_FOUND for another user's hold and checkout", async () => {
    const { event, types } = await cardEvent(db.db);
    const me = await kit.buyer();
    const other = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]);
    const started = await startCheckout(kit.deps, me.user.id, {
      holdId: hold.id,
      attendees: attendees(1),
    });
    for (const attempt of [
      () => quoteHold(kit.deps, other.user.id, hold.id),
      () => startCheckout(kit.deps, other.user.id, { holdId: hold.id, attendees: attendees(1) }),
      () => readCheckoutStatus(kit.deps, other.user.id, started.checkoutId),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: "NOT_FOUND" });
    }
  });

  it("refuses a hold of two currencies, cards off, an account not active, and confirming without paying", async () => {
    const mixed = await cardEvent(db.db, {
      types: [{ priceMinor: 1000 }, { priceMinor: 1000, currency: "GBP" }],
    });
    const me = await kit.buyer();
    const hold = await holdOf(
      me,
      mixed.event.id,
      mixed.types.map((t) => ({ ticketTypeId: t.id, quantity: 1 })),
    );
    const start = (deps = kit.deps, holdId = hold.id, count = 2) =>
      startCheckout(deps, me.user.id, { holdId, attendees: attendees(count) }).catch(reasonOf);
    expect(await start()).toBe("mixed-currencies");
    expect((await quoteHold(kit.deps, me.user.id, hold.id)).cardBlocked).toMatch(
      /different currencies/,
    );

    const plain = await cardEvent(db.db);
    const other = await holdOf(me, plain.event.id, [
      { ticketTypeId: nth(plain.types, 0).id, quantity: 1 },
    ]);
    expect(await start({ ...kit.deps, provider: null }, other.id, 1)).toBe("cards-off");
    const pending = await cardEvent(db.db, { account: "pending" });
    const third = await holdOf(me, pending.event.id, [
      { ticketTypeId: nth(pending.types, 0).id, quantity: 1 },
    ]);
    expect(await start(kit.deps, third.id, 1)).toBe("account-not-ready");
    const refused = await me.fail("bookings.confirm", {
      holdId: other.id,
      attendees: attendees(1),
      idempotencyKey: newKey(),
    });
    expect(refused).toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "These tickets are paid by card: choose Pay.",
      details: { reason: "payment-required" },
    });
    expect(
      await db.db.select().from(checkouts).where(sql`hold_id in (${hold.id}, ${third.id})`),
    ).toEqual([]);
  });
});
