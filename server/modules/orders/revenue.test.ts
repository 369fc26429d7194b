import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundAmountOf } from "#contract/refund-amounts.ts";
import { bookings } from "#server/modules/bookings/bookings.schema.ts";
import { cancelTicketsOfBooking } from "#server/modules/bookings/cancel-tickets.ts";
import { recordRefund, sendRefund } from "#server/modules/payments/refunds.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { attendees, checkoutKit, holdOf } from "#tests/support/kits/checkout-test-kit.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";
import { revenueFunctions } from "./revenue.functions.ts";

const day = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(at);

describe.each(testDatabases)("revenue at a glance on $name", (database) => {
  let db: TestDatabase;
  let peer: StripePeer;
  let kit: Awaited<ReturnType<typeof checkoutKit>>;
  const registry = createRegistry([...revenueFunctions]);
  const as = (userId: string) => {
    const ctx = () => functionContext(kit.services, { userId, sessionId: "s", roles: [] });
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx()),
      fail: (name: string, data: unknown) =>
        registry.invoke(name, data, ctx()).then(
          () => Promise.reject(new Error(`${name} did not fail`)),
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

  /** Paid at the peer: the booking of a card hold of `items`. */
  async function cardBooking(eventId: string, items: { ticketTypeId: string; quantity: number }[]) {
    const buyer = await kit.buyer();
    const hold = await holdOf(buyer, eventId, items);
    const count = items.reduce((sum, item) => sum + item.quantity, 0);
    const started = await buyer.call("payments.startCheckout", {
      holdId: hold.id,
      attendees: attendees(count),
    });
    await peer.pay(new URL(started.url).pathname.split("/").pop() ?? "");
    const status = await buyer.call("payments.checkoutStatus", { checkoutId: started.checkoutId });
    const [row] = await db.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, status.bookingReference));
    if (!row) throw new Error("not booked");
    return row;
  }

  /** What `orders.refund` does: cancels the tickets and records their refund, then sends it. */
  async function refundTickets(
    bookingId: string,
    ticketIds: string[],
    answer: "succeeded" | "failed",
  ) {
    const recorded = await db.db.transaction(async (tx) => {
      const [booking] = await tx
        .select()
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .for("update");
      if (!booking) throw new Error("no booking");
      const money = await rowsOf<{ id: string; unitPriceMinor: number }>(
        tx,
        sql`select k.id, i.unit_price_minor as "unitPriceMinor" from tickets k
          join booking_items i on i.booking_id = k.booking_id and i.ticket_type_id = k.ticket_type_id
          where k.booking_id = ${bookingId} order by k.id`,
      );
      const amount = refundAmountOf(booking, money, ticketIds);
      await cancelTicketsOfBooking(tx, {
        bookingId,
        ticketIds,
        source: "organizer",
        closeAs: "refunded",
      });
      return recordRefund(tx, {
        bookingId,
        source: "organizer",
        reason: "Asked",
        ticketIds,
        amountMinor: amount.amountMinor,
        feesMinor: amount.feesMinor,
        keptMinor: amount.keptMinor,
        requestedBy: null,
      });
    });
    if (!recorded) throw new Error("no refund recorded");
    peer.nextRefundStatus(answer);
    const sent = await sendRefund(kit.deps, recorded.id);
    expect(sent?.status).toBe(answer);
    return recorded;
  }

  const ticketsOfType = async (bookingId: string, ticketTypeId: string) =>
    (await db.db.select().from(tickets).where(eq(tickets.bookingId, bookingId)))
      .filter((t) => t.ticketTypeId === ticketTypeId)
      .map((t) => t.id);

  it("adds up gross, fees, refunds and net exactly, by day, type and event, and the CSV says the same", async () => {
    // Fee 5 % + 30 per ticket: Standard 2000 → 130, VIP 5000 → 280.
    const { event, types, owner } = await kit.cardEvent({
      types: [
        { name: "Standard", priceMinor: 2000, capacity: 20 },
        { name: "VIP", priceMinor: 5000, capacity: 20 },
        { name: "Door", priceMinor: 1500, capacity: 20, card: false },
        { name: "Guest list", priceMinor: 0, capacity: 20, card: false },
      ],
    });
    // A title a spreadsheet would run: the CSV keeps it text.
    await db.db.execute(sql`update events set title = '=Gala night' where id = ${event.id}`);
    const [standard, vip, door, guest] = [0, 1, 2, 3].map((i) => nth(types, i));
    if (!standard || !vip || !door || !guest) throw new Error("types");

    // Two days ago: 2 Standard + 1 VIP = 9000 + fees 540 = 9540.
    const first = await cardBooking(event.id, [
      { ticketTypeId: standard.id, quantity: 2 },
      { ticketTypeId: vip.id, quantity: 1 },
    ]);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.db.update(bookings).set({ createdAt: twoDaysAgo }).where(eq(bookings.id, first.id));
    // Today: 1 VIP = 5280; a pay-at-venue booking of 2 Door (one cancelled); a free one.
    const second = await cardBooking(event.id, [{ ticketTypeId: vip.id, quantity: 1 }]);
    const venueBuyer = await kit.buyer();
    const venue = (await holdAndConfirm(venueBuyer, event.id, door.id, 2)).booking;
    await db.db.transaction((tx) =>
      cancelTicketsOfBooking(tx, {
        bookingId: venue.id,
        ticketIds: null,
        source: "organizer",
        closeAs: "cancelled",
      }).then(() => undefined),
    );
    await db.db.execute(
      sql`update tickets set status = 'valid', cancelled_at = null
        where id = (select id from tickets where booking_id = ${venue.id} order by id limit 1)`,
    );
    const freeBuyer = await kit.buyer();
    await holdAndConfirm(freeBuyer, event.id, guest.id, 1);
    expect(venue.paymentStatus).toBe("unpaid");

    // Today: one Standard of the first refunded (its share: 2120, fee part 120); the
    // second's VIP refund fails at the bank (5280, not counted).
    const refunded = await refundTickets(
      first.id,
      (await ticketsOfType(first.id, standard.id)).slice(0, 1),
      "succeeded",
    );
    expect(refunded).toMatchObject({ amountMinor: 2120, feesMinor: 120 });
    await refundTickets(second.id, await ticketsOfType(second.id, vip.id), "failed");

    const view = await as(owner.id).call("orders.revenue", { eventId: event.id });
    const figures = (f: Record<string, unknown>) => [
      f.grossMinor,
      f.feesMinor,
      f.refundsMinor,
      f.netMinor,
      f.ticketsSold,
      f.ticketsRefunded,
      f.venueDueMinor,
    ];
    expect(view.scope.event).toMatchObject({ id: event.id, title: "=Gala night" });
    expect(view.totals.map((t: { currency: string }) => t.currency)).toEqual(["EUR"]);
    //                                  gross  fees refunds  net  sold refunded due
    expect(figures(view.totals[0])).toEqual([14820, 700, 2120, 12000, 7, 1, 1500]);
    expect(view.byDay.map((d: { day: string }) => d.day)).toEqual([
      day(twoDaysAgo),
      day(new Date()),
    ]);
    expect(figures(view.byDay[0])).toEqual([9540, 540, 0, 9000, 3, 0, 0]);
    expect(figures(view.byDay[1])).toEqual([5280, 160, 2120, 3000, 4, 1, 1500]);
    const byType = Object.fromEntries(
      view.byType.map((t: { name: string }) => [t.name, figures(t)]),
    );
    expect(byType).toEqual({
      Standard: [4240, 120, 2120, 2000, 2, 1, 0],
      VIP: [10580, 580, 0, 10000, 2, 0, 0],
      Door: [0, 0, 0, 0, 2, 0, 1500],
      "Guest list": [0, 0, 0, 0, 1, 0, 0],
    });
    expect(view.byEvent).toEqual([]);

    const whole = await as(owner.id).call("orders.revenue", {});
    expect(whole.scope.event).toBeNull();
    expect(whole.byEvent).toHaveLength(1);
    expect(figures(whole.byEvent[0])).toEqual([14820, 700, 2120, 12000, 7, 1, 1500]);
    expect(whole.totals).toEqual(view.totals);

    const file = await as(owner.id).call("orders.revenueCsv", { eventId: event.id });
    expect(file.filename).toMatch(/^revenue-gala-night-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (file.csv as string)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Row,Currency,Day,Event,Ticket type,Gross (minor units),Fees (minor units),Refunds (minor units),Net (minor units),Tickets sold,Tickets refunded,Due at the venue (minor units)",
    );
    expect(lines).toContain("Total,EUR,,'=Gala night,,14820,700,2120,12000,7,1,1500");
    expect(lines).toContain(`Day,EUR,${day(twoDaysAgo)},'=Gala night,,9540,540,0,9000,3,0,0`);
    expect(lines).toContain(`Day,EUR,${day(new Date())},'=Gala night,,5280,160,2120,3000,4,1,1500`);
    expect(lines).toContain("Ticket type,EUR,,'=Gala night,Standard,4240,120,2120,2000,2,1,0");
    expect(lines).toContain("Ticket type,EUR,,'=Gala night,VIP,10580,580,0,10000,2,0,0");
    expect(lines).toHaveLength(1 + 1 + 2 + 4);
    const wholeFile = await as(owner.id).call("orders.revenueCsv", {});
    expect(wholeFile.csv).toContain("Event,EUR,,'=Gala night,,14820,700,2120,12000,7,1,1500");
  }, 60_000);

  it("answers NOT_FOUND for another business's event, and shows nothing before any sale", async () => {
    const { event } = await kit.cardEvent();
    const other = await makeEvent(db.db);
    for (const name of ["orders.revenue", "orders.revenueCsv"]) {
      expect(await as(other.owner.id).fail(name, { eventId: event.id })).toMatchObject({
        status: "NOT_FOUND",
      });
    }
    expect(await as(other.owner.id).fail("orders.revenue", { eventId: "not-an-id" })).toMatchObject(
      { status: "INVALID_ARGUMENT" },
    );
    const own = await as(other.owner.id).call("orders.revenue", { eventId: other.event.id });
    expect(own).toMatchObject({ totals: [], byDay: [], byType: [], byEvent: [] });
    const whole = await as(other.owner.id).call("orders.revenue", {});
    expect(whole).toMatchObject({ totals: [], byEvent: [] });
    const nobody = await makeUser(db.db);
    expect(await as(nobody.id).fail("orders.revenue", {})).toMatchObject({
      status: "FAILED_PRECONDITION",
      details: { reason: "no-business" },
    });
    expect(await as(nobody.id).fail("orders.revenue", { eventId: event.id })).toMatchObject({
      status: "NOT_FOUND",
    });
  });
});
