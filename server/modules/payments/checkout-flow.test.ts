import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { attendees, checkoutKit, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import { inventoryOf, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { checkouts } from "./payments.schema.ts";
import { startCheckout } from "./start-checkout.ts";

describe.each(testDatabases)("card checkout (Stripe peer, real SDK) on $name", (database) => {
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

  it("quotes a card hold with fees and added tax, and books it once paid at the peer, as quoted", async () => {
    const { event, types } = await kit.cardEvent({
      types: [{ priceMinor: 2000, capacity: 10 }],
      tax: { rateBp: 1000, inclusive: false },
    });
    const me = await kit.buyer({ email: "ada@example.com" });
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 2 }]);
    const quote = await me.call("payments.quote", { holdId: hold.id });
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
    expect(
      quote.lines.map((l: { kind: string; label: string; totalMinor: number }) => [
        l.kind,
        l.label,
        l.totalMinor,
      ]),
    ).toEqual([
      ["ticket", "Type 1", 4000],
      ["fee", "Booking fee", 260],
      ["tax", "Tax", 400],
    ]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(2),
    });
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    const sessionId = row?.providerCheckoutId ?? "";
    expect(started.url).toBe(`${peer.url}/pay/${sessionId}`);
    expect(peer.store.sessions.get(sessionId)).toMatchObject({
      amount_total: 4660,
      currency: "eur",
      success_url: `http://localhost:3999/booking/${event.shortId}?checkout=${started.checkoutId}`,
      cancel_url: `http://localhost:3999/booking/${event.shortId}?checkout=${started.checkoutId}&back=1`,
    });
    expect(peer.store.extras.get(sessionId)?.paymentIntentData).toMatchObject({
      applicationFeeAmount: 260,
    });
    // The hold lasts as long as the checkout (its countdown reads the hold).
    expect((await me.call("holds.current", { eventId: event.id })).expiresAt).toBe(
      started.expiresAt,
    );
    expect(new Date(started.expiresAt).getTime() - Date.now()).toBeGreaterThan(30 * 60_000);

    // A declined card: the page says why, the hold stays.
    await peer.pay(sessionId, { card: "declined" });
    const declined = await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    expect(declined).toMatchObject({ status: "open", bookingReference: null });
    expect(declined.message).toMatch(/declined/i);

    await peer.pay(sessionId);
    const status = await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    expect(status).toMatchObject({
      status: "booked",
      holdId: hold.id,
      message: null,
      eventShortId: event.shortId,
    });
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
    // Asking again, and the quote of the converted hold, change nothing.
    await me.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    expect((await me.call("payments.quote", { holdId: hold.id })).checkout).toMatchObject({
      status: "booked",
    });
    expect(await db.db.select().from(bookings).where(eq(bookings.holdId, hold.id))).toHaveLength(1);
    // The buyer may cancel a card-paid booking under the event's policy (its money goes back).
    expect(booking.canCancel).toBe(true);
  });

  it("starting twice for one hold gives the same url and one provider session", async () => {
    const { event, types } = await kit.cardEvent();
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]);
    const sessionsBefore = peer.store.sessions.size;
    const first = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(1),
    });
    const second = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: [{ name: "Someone Else" }],
      contactEmail: "other@example.com",
    });
    expect(second).toEqual(first);
    expect(peer.store.sessions.size).toBe(sessionsBefore + 1);
    const [row] = await db.db.select().from(checkouts).where(eq(checkouts.holdId, hold.id));
    expect(row).toMatchObject({
      attendees: [{ name: "Someone Else" }],
      contactEmail: "other@example.com",
    });
  });

  it("asks the provider again after it failed, with the same key: one session", async () => {
    const { event, types } = await kit.cardEvent();
    const me = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]);
    peer.failNext(3);
    const down = await me.fail("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(1),
    });
    expect(down).toMatchObject({
      status: "UNAVAILABLE",
      message: "Could not reach the payment provider. Please try again.",
    });
    const sessionsBefore = peer.store.sessions.size;
    const retry = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(1),
    });
    expect(retry.url).toMatch(/\/pay\/cs_/);
    expect(peer.store.sessions.size).toBe(sessionsBefore + 1);
    expect(await db.db.select().from(checkouts).where(eq(checkouts.holdId, hold.id))).toHaveLength(
      1,
    );
  });

  it("answers NOT_FOUND for another user's hold and checkout", async () => {
    const { event, types } = await kit.cardEvent();
    const me = await kit.buyer();
    const other = await kit.buyer();
    const hold = await holdOf(me, event.id, [{ ticketTypeId: nth(types, 0).id, quantity: 1 }]);
    const started = await me.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(1),
    });
    for (const [name, input] of [
      ["payments.quote", { holdId: hold.id }],
      ["payments.startCheckout", { holdId: hold.id, attendees: attendees(1) }],
      ["payments.checkoutStatus", { checkoutId: started.checkoutId }],
    ] as const) {
      expect(await other.fail(name, input)).toMatchObject({ status: "NOT_FOUND" });
    }
  });

  it("refuses two currencies, cards off, an account not active, a venue hold, and confirming without paying", async () => {
    const me = await kit.buyer();
    const reasonOf = async (holdId: string, count: number, caller = me) =>
      (await caller.fail("payments.startCheckout", { holdId, attendees: attendees(count) })).details
        ?.reason;
    const mixed = await kit.cardEvent({
      types: [{ priceMinor: 1000 }, { priceMinor: 1000, currency: "GBP" }],
    });
    const twoCurrencies = await holdOf(
      me,
      mixed.event.id,
      mixed.types.map((t) => ({ ticketTypeId: t.id, quantity: 1 })),
    );
    expect(await reasonOf(twoCurrencies.id, 2)).toBe("mixed-currencies");
    expect((await me.call("payments.quote", { holdId: twoCurrencies.id })).cardBlocked).toMatch(
      /different currencies/,
    );

    const pending = await kit.cardEvent({ account: "pending" });
    const notReady = await holdOf(me, pending.event.id, [
      { ticketTypeId: nth(pending.types, 0).id, quantity: 1 },
    ]);
    expect(await reasonOf(notReady.id, 1)).toBe("account-not-ready");

    const venue = await kit.cardEvent({ types: [{ priceMinor: 1000, card: false }] });
    const atDoor = await holdOf(me, venue.event.id, [
      { ticketTypeId: nth(venue.types, 0).id, quantity: 1 },
    ]);
    expect((await me.call("payments.quote", { holdId: atDoor.id })).method).toBe("venue");
    expect(await reasonOf(atDoor.id, 1)).toBe("not-card");

    const plain = await kit.cardEvent();
    const card = await holdOf(me, plain.event.id, [
      { ticketTypeId: nth(plain.types, 0).id, quantity: 1 },
    ]);
    // Attendees are checked as bookings.confirm checks them.
    const unnamed = await me.fail("payments.startCheckout", {
      holdId: card.id,
      attendees: [{ name: " " }],
    });
    expect(unnamed).toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "attendees.0.name", message: "Enter the attendee's name." }],
    });
    const tooMany = await me.fail("payments.startCheckout", {
      holdId: card.id,
      attendees: attendees(2),
    });
    expect(tooMany).toMatchObject({
      status: "INVALID_ARGUMENT",
      message: "Enter one name per ticket (1).",
    });
    // A server without the Stripe keys has no provider.
    const cardsOff = await startCheckout({ ...kit.deps, provider: null }, me.user.id, {
      holdId: card.id,
      attendees: attendees(1),
    }).catch((error: { details?: { reason?: string } }) => error.details?.reason);
    expect(cardsOff).toBe("cards-off");
    const refused = await me.fail("bookings.confirm", {
      holdId: card.id,
      attendees: attendees(1),
      idempotencyKey: newKey(),
    });
    expect(refused).toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "These tickets are paid by card: choose Pay.",
      details: { reason: "payment-required" },
    });
    expect(
      await db.db
        .select()
        .from(checkouts)
        .where(sql`hold_id in (${twoCurrencies.id}, ${notReady.id}, ${atDoor.id}, ${card.id})`),
    ).toEqual([]);
  });
});
