import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvStreamResponse } from "#app/loaders/csv-stream.server.ts";
import { bookingResendFunctions } from "#server/modules/bookings/booking-resend.functions.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { buyerCancellationFunctions } from "#server/modules/orders/buyer-cancellation.functions.ts";
import { orderFunctions } from "#server/modules/orders/orders.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

// biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
type Any = any;

describe.each(testDatabases)("the organiser's orders on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Awaited<ReturnType<typeof profileTestKit>>;
  const registry = createRegistry([
    ...holdFunctions,
    ...bookingFunctions,
    ...bookingResendFunctions,
    ...orderFunctions,
    ...buyerCancellationFunctions,
  ]);
  const as = (userId: string) => {
    const auth: Auth = { userId, sessionId: "s", roles: [] };
    const ctx = functionContext(kit.services, auth);
    return {
      call: (name: string, data: unknown): Promise<Any> => registry.invoke(name, data, ctx),
      fail: (name: string, data: unknown): Promise<Any> =>
        registry.invoke(name, data, ctx).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  };
  let setup: Awaited<ReturnType<typeof makeEvent>>;
  let organiser: ReturnType<typeof as>;
  let stranger: ReturnType<typeof as>;
  const orders: Record<string, Any> = {};

  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    const db = database.db;
    setup = await makeEvent(db, { types: [{ name: "Standing", priceMinor: 1500 }] });
    organiser = as(setup.owner.id);
    stranger = as((await makeEvent(db)).owner.id);
    const type = nth(setup.types, 0);
    const buyers = {
      ada: await makeUser(db, { name: "Ada Lovelace", email: "ada@example.com" }),
      alan: await makeUser(db, { name: "Alan Turing", email: "alan@example.com" }),
      grace: await makeUser(db, { name: '=HYPERLINK("x")', email: "grace@example.com" }),
    };
    for (const [key, user] of Object.entries(buyers)) {
      const { booking } = await holdAndConfirm(as(user.id), setup.event.shortId, type.id, 2);
      orders[key] = { ...booking, user };
    }
    // Ada paid by card and was refunded for one ticket; one of hers was passed on and one
    // checked in; Alan's order was cancelled; Grace's stays pay-at-venue.
    const ada = orders.ada;
    await db.execute(sql`update bookings set payment_status = 'partly-refunded',
      payment_provider = 'stripe', refunded_minor = 1500 where id = ${ada.id}::uuid`);
    const [first, second] = await rowsOf<{ id: string }>(
      db,
      sql`select id from tickets where booking_id = ${ada.id}::uuid order by created_at, id`,
    );
    await db.execute(sql`update tickets set status = 'cancelled', cancelled_at = now() + interval '2.5 seconds'
      where id = ${first?.id}::uuid`);
    await db.execute(sql`insert into refunds (booking_id, event_id, business_id, source, reason,
        amount_minor, currency, ticket_ids, status, provider, payment_reference, created_at, settled_at)
      values (${ada.id}::uuid, ${setup.event.id}::uuid, ${setup.business.id}::uuid, 'organizer',
        'Cannot come', 1500, 'EUR', ${`{${first?.id}}`}::uuid[], 'succeeded', 'stripe', 'pi_1',
        now() + interval '2 seconds', now() + interval '3 seconds')`);
    await db.execute(sql`insert into ticket_assignments (ticket_id, from_user_id, from_name,
        previous_attendee_name, recipient_name, channel, status, idempotency_key, created_at)
      values (${second?.id}::uuid, ${ada.user.id}::uuid, 'Ada Lovelace', 'Attendee 2',
        'Charles Babbage', 'account', 'delivered', 'k-1', now() + interval '4 seconds')`);
    await db.execute(sql`insert into check_ins (ticket_id, event_id, staff_name, device_id, method, created_at)
      values (${second?.id}::uuid, ${setup.event.id}::uuid, 'Door Dan', 'd1', 'scan',
        now() + interval '5 seconds')`);
    const charles = await makeUser(db, { name: "Charles Babbage" });
    await db.execute(sql`update tickets set status = 'checked-in', holder_user_id = ${charles.id}::uuid
      where id = ${second?.id}::uuid`);
    await as(orders.alan.user.id).call("bookings.cancel", { bookingId: orders.alan.id });
  });
  afterAll(() => database.dispose());

  const list = (data: Record<string, unknown> = {}) =>
    organiser.call("orders.list", { eventId: setup.event.id, ...data });
  const references = (view: Any) => view.items.map((i: Any) => i.reference).sort();

  it("lists every order of the event, newest first, with its state and counts per state", async () => {
    const view = await list();
    expect(view.items.map((i: Any) => i.reference)).toEqual(
      [orders.grace, orders.alan, orders.ada].map((o) => o.reference),
    );
    const ada = view.items.find((i: Any) => i.id === orders.ada.id);
    expect(ada).toMatchObject({
      buyer: { name: "Ada Lovelace", email: "ada@example.com" },
      ticketCount: 2,
      totalMinor: 3000,
      refundedMinor: 1500,
      state: "partly-refunded",
    });
    expect(view.counts).toMatchObject({
      all: 3,
      "partly-refunded": 1,
      cancelled: 1,
      "pay-at-venue": 1,
      paid: 0,
    });
  });

  it("finds an order by its reference, the buyer's name, phone or email", async () => {
    const ada = orders.ada;
    const compact = ada.reference.replace("-", "").toLowerCase();
    expect(references(await list({ query: ada.reference }))).toEqual([ada.reference]);
    expect(references(await list({ query: compact }))).toEqual([ada.reference]);
    expect(references(await list({ query: "lovelace" }))).toEqual([ada.reference]);
    expect(references(await list({ query: "ALAN@EXAMPLE" }))).toEqual([orders.alan.reference]);
    const phone = String(ada.user.phone);
    expect(references(await list({ query: `0${phone.slice(3)}` }))).toEqual([ada.reference]);
    expect((await list({ query: "nobody-at-all" })).items).toEqual([]);
    // A typed % is a percent sign, not "anything".
    expect((await list({ query: "%" })).items).toEqual([]);
  });

  it("filters by state, with the counts of the whole search", async () => {
    const cancelled = await list({ payment: "cancelled" });
    expect(references(cancelled)).toEqual([orders.alan.reference]);
    expect(cancelled.counts.all).toBe(3);
    expect((await list({ payment: "paid" })).items).toEqual([]);
  });

  it("pages with a keyset cursor: every order once, in order", async () => {
    const first = await list({ limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await list({ limit: 2, cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((i: Any) => i.id)).toEqual(
      (await list()).items.map((i: Any) => i.id),
    );
    const bad = await organiser.fail("orders.list", { eventId: setup.event.id, cursor: "x" });
    expect(bad.status).toBe("INVALID_ARGUMENT");
  });

  it("opens an order with its tickets, refunds and history in time order", async () => {
    const order = await organiser.call("orders.get", { bookingId: orders.ada.id });
    expect(order.tickets.map((t: Any) => t.status)).toEqual(["cancelled", "checked-in"]);
    expect(order.tickets[1].checkedInAt).not.toBeNull();
    expect(order.tickets[1].holderName).toBe("Charles Babbage");
    expect(order.tickets[0].holderName).toBeNull();
    expect(order.lines).toEqual([
      { name: "Standing", quantity: 2, unitPriceMinor: 1500, discountMinor: 0 },
    ]);
    expect(order.code).toBeNull();
    expect(order.refunds).toEqual([
      expect.objectContaining({ status: "succeeded", amountMinor: 1500, ticketCount: 1 }),
    ]);
    expect(order.history.map((h: Any) => h.kind)).toEqual([
      "booked",
      "refund",
      "ticket-cancelled",
      "refund-settled",
      "assigned",
      "checked-in",
    ]);
    expect(order.history[1].summary).toContain("Cannot come");
    expect(order.history[4].summary).toContain("Charles Babbage");
    const times = order.history.map((h: Any) => h.at);
    expect([...times].sort()).toEqual(times);
    const alan = await organiser.call("orders.get", { bookingId: orders.alan.id });
    expect(alan.history.map((h: Any) => h.kind)).toEqual(["booked", "cancelled"]);
  });

  it("answers NOT_FOUND to another business for list, get, resend and the exports", async () => {
    const eventId = setup.event.id;
    const bookingId = orders.ada.id;
    for (const [name, data] of [
      ["orders.list", { eventId }],
      ["orders.get", { bookingId }],
      ["orders.resend", { bookingId }],
      ["orders.exportCsv", { eventId, kind: "orders" }],
      ["orders.exportCsv", { eventId, kind: "attendees" }],
    ] as const) {
      expect((await stranger.fail(name, data)).status, name).toBe("NOT_FOUND");
    }
    const server = { invoke: (name: string, data: unknown) => stranger.call(name, data) };
    const refused = await csvStreamResponse(server as never, "orders.exportCsv", {
      eventId,
      kind: "orders",
    }).catch((e: Any) => e);
    expect(refused.init?.status ?? refused.status).toBe(404);
    // A buyer may not have someone else's booking resent.
    const other = await as(orders.grace.user.id).fail("bookings.resend", { bookingId });
    expect(other.status).toBe("NOT_FOUND");
  });

  it("resends the confirmation with its tickets to the buyer, 3 times an hour at most", async () => {
    const bookingId = orders.grace.id;
    const before = kit.emails.length;
    const sent = await organiser.call("orders.resend", { bookingId });
    expect(sent.channels).toContain("email");
    expect(kit.emails.length).toBe(before + 1);
    expect(kit.emails.at(-1)).toMatchObject({
      to: "grace@example.com",
      template: { name: "booking-tickets", ref: bookingId },
    });
    await as(orders.grace.user.id).call("bookings.resend", { bookingId });
    await organiser.call("orders.resend", { bookingId });
    expect(kit.emails.length).toBe(before + 3);
    const limited = await as(orders.grace.user.id).fail("bookings.resend", { bookingId });
    expect(limited.status).toBe("RESOURCE_EXHAUSTED");
    expect(limited.details.retryAfterSeconds).toBeGreaterThan(0);
    const cancelled = await organiser.fail("orders.resend", { bookingId: orders.alan.id });
    expect(cancelled.details.reason).toBe("cancelled");
  });

  it("exports attendees in batches of 1,000 with formula cells defused", async () => {
    const type = nth(setup.types, 0);
    await database.db.execute(sql`insert into tickets (booking_id, event_id, ticket_type_id,
        holder_user_id, attendee_name, secret)
      select ${orders.grace.id}::uuid, ${setup.event.id}::uuid, ${type.id}::uuid,
        ${orders.grace.user.id}::uuid, case when g = 1 then '@SUM(A1)' else 'Guest ' || g end,
        md5(random()::text || g)
      from generate_series(1, 2100) g`);
    const server = { invoke: (name: string, data: unknown) => organiser.call(name, data) };
    const response = await csvStreamResponse(server as never, "orders.exportCsv", {
      eventId: setup.event.id,
      kind: "attendees",
    });
    expect(response.headers.get("Content-Disposition")).toMatch(/attendees-concert-of-tests-/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: string[] = [];
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value));
    }
    expect(chunks.length).toBe(3);
    const text = chunks.join("");
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "\uFEFFAttendee,Ticket type,Status,Holder,Booking reference,Checked in at,Ticket",
    );
    expect(lines.length - 1).toBe(2106);
    expect(text).toContain("\r\n'@SUM(A1),Standing,valid,");
    expect(text).toContain(",Charles Babbage,");
    const orderLines = await organiser.call("orders.exportCsv", {
      eventId: setup.event.id,
      kind: "orders",
    });
    expect(orderLines.rows).toBe(3);
    expect(orderLines.nextCursor).toBeNull();
    expect(orderLines.lines).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(orderLines.lines).toContain("Partly refunded");
  });

  it("stops asking for batches when the download is abandoned", async () => {
    let calls = 0;
    const server = {
      invoke: (name: string, data: unknown) => {
        calls++;
        return organiser.call(name, data);
      },
    };
    const response = await csvStreamResponse(server as never, "orders.exportCsv", {
      eventId: setup.event.id,
      kind: "attendees",
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBeLessThanOrEqual(2);
  });
});
