import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appFunctions, membershipResolvers } from "#server/functions.ts";
import { issueInvoiceFor } from "#server/modules/invoices/issue-invoices.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { AnyFunctionDefinition } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { eventFields, localInDays, ticketTypeFields } from "#tests/support/kits/event-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { invoicedEvent, paidBooking } from "#tests/support/kits/invoices-test-kit.ts";
import { functionContext } from "#tests/support/kits/profile-test-kit.ts";

/**
 * Every function an API key may call, called for real as a business owner (the way a key
 * acts), its answer sent through JSON as the client gets it and held to its `api.output`.
 * The schemas are strict: a field the answer has and the schema lacks fails, and so does
 * a field the schema wants and the answer lacks.
 */
const exposed = appFunctions.filter(
  (definition: AnyFunctionDefinition) => definition.api !== undefined,
) as AnyFunctionDefinition[];

describe("the functions API keys may call", () => {
  it("are these, with these scopes (a new exposure is a decision, not an accident)", () => {
    const scopes = Object.fromEntries(
      exposed.map((d) => [d.name, `${d.api?.scope}${d.api?.write ? " (write)" : ""}`]),
    );
    expect(scopes).toEqual({
      "events.listMine": "events:read",
      "events.getForOwner": "events:read",
      "events.create": "events:write (write)",
      "events.update": "events:write (write)",
      "events.publish": "events:write (write)",
      "events.unpublish": "events:write (write)",
      "ticketTypes.create": "events:write (write)",
      "ticketTypes.update": "events:write (write)",
      "ticketTypes.delete": "events:write (write)",
      "orders.list": "orders:read",
      "orders.get": "orders:read",
      "checkin.scan": "checkin (write)",
      "checkin.admit": "checkin (write)",
      "checkin.search": "checkin",
      "checkin.stats": "checkin",
    });
  });
});

describe.each(testDatabases)("API answers match their schemas on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  let door: Awaited<ReturnType<CheckinKit["door"]>>;
  const registry = createRegistry(appFunctions, { membership: membershipResolvers });
  /** The functions called so far, with their answers checked. */
  const checked = new Set<string>();
  let owner: Auth;

  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
    door = await kit.door({ tickets: 3 });
    owner = { userId: door.business.ownerId, sessionId: randomUUID(), roles: [] };
    // Answers to the event's questions, the order's and a ticket's: both answers carry them.
    await database.db.execute(sql`insert into booking_answers (booking_id, ticket_id, label,
        kind, value, position)
      values (${door.booking.id}::uuid, null, 'Company', 'text', 'Acme', 0),
        (${door.booking.id}::uuid, ${nth(door.tickets, 0).id}::uuid, 'Diet', 'choice', 'Vegan', 1)`);
    // A second published event must fit the plan.
    await database.db.execute(
      sql`update businesses set plan = 'pro' where id = ${door.business.id}`,
    );
  });
  afterAll(() => database?.dispose());

  /** Calls `name` as the owner, holds its JSON answer to its schema, and returns it. */
  // biome-ignore lint/suspicious/noExplicitAny: each step reads the fields it needs
  async function call(name: string, data: unknown, as: Auth = owner): Promise<any> {
    const definition = exposed.find((d) => d.name === name);
    if (!definition?.api) throw new Error(`${name} is not exposed`);
    const answer = JSON.parse(
      JSON.stringify(await registry.invoke(name, data, functionContext(kit.services, as))),
    );
    const parsed = definition.api.output.safeParse(answer);
    expect(parsed.error?.issues ?? [], `${name} answered ${JSON.stringify(answer)}`).toEqual([]);
    checked.add(name);
    return answer;
  }

  it("events: list, create, change, publish, unpublish, ticket types", async () => {
    const created = await call("events.create", eventFields());
    const type = await call("ticketTypes.create", ticketTypeFields(created.eventId));
    await call("ticketTypes.update", {
      ...ticketTypeFields(created.eventId),
      ticketTypeId: type.id,
      salesStartLocal: localInDays(1, 9),
    });
    const spare = await call(
      "ticketTypes.create",
      ticketTypeFields(created.eventId, { name: "Spare", priceMinor: 0 }),
    );
    expect(await call("ticketTypes.delete", { ticketTypeId: spare.id })).toEqual({
      deleted: true,
    });
    await call("events.update", {
      ...eventFields({ title: "Jazz Night II" }),
      eventId: created.eventId,
    });
    expect(await call("events.publish", { eventId: created.eventId })).toEqual({
      status: "published",
    });
    expect(await call("events.unpublish", { eventId: created.eventId })).toEqual({
      status: "draft",
    });
    // A waiting room and a second date, so that the answer carries both.
    const ownerCtx = () => functionContext(kit.services, owner);
    await registry.invoke(
      "events.setWaitingRoom",
      { eventId: created.eventId, enabled: true, saleStartsLocal: localInDays(1, 10) },
      ownerCtx(),
    );
    await registry.invoke(
      "events.addDate",
      { eventId: created.eventId, startsLocal: localInDays(37, 19) },
      ownerCtx(),
    );
    const event = await call("events.getForOwner", { eventId: created.eventId });
    expect(event).toMatchObject({
      title: "Jazz Night II",
      ticketTypes: [{ id: type.id }],
      waitingRoom: { enabled: true },
      series: { dates: [{ eventId: created.eventId }, {}] },
    });
    await call("events.getForOwner", { eventId: door.event.id });
    const mine = await call("events.listMine", null);
    expect(mine.total).toBe(3);
  });

  it("orders: the list and one order", async () => {
    const list = await call("orders.list", { eventId: door.event.id });
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([door.booking.id]);
    const order = await call("orders.get", { bookingId: door.booking.id });
    expect(order.tickets).toHaveLength(3);
    expect(order.answers).toHaveLength(2);
  });

  it("orders: one paid by card, invoiced and partly refunded", async () => {
    const made = await invoicedEvent(database.db);
    const booking = await paidBooking(database.db, made);
    await issueInvoiceFor(database.db, booking.id);
    await database.db.execute(sql`insert into refunds (booking_id, event_id, business_id,
        source, reason, amount_minor, currency, ticket_ids, status, provider, payment_reference)
      values (${booking.id}::uuid, ${made.event.id}::uuid, ${made.business.id}::uuid,
        'organizer', 'Cannot come', 2000, 'EUR', '{}'::uuid[], 'pending', 'stripe', 'pi_1')`);
    const organiser: Auth = { userId: made.owner.id, sessionId: randomUUID(), roles: [] };
    const order = await call("orders.get", { bookingId: booking.id }, organiser);
    expect(order).toMatchObject({
      cardLast4: "4242",
      invoices: [{ kind: "invoice" }],
      refunds: [{ amountMinor: 2000, status: "pending", settledAt: null }],
    });
  });

  it("the door: scans (admitted, again, invalid), a manual admission, search, counts", async () => {
    const first = nth(door.tickets, 0);
    const scan = kit.scanOf(door.event.id, await kit.tokenOf(first.id));
    expect(await call("checkin.scan", scan)).toMatchObject({
      verdict: "admitted",
      ticket: { answers: [{ label: "Company" }, { label: "Diet", kind: "choice" }] },
    });
    expect((await call("checkin.scan", { ...scan, scanId: randomUUID() })).verdict).toBe(
      "already-checked-in",
    );
    expect(await call("checkin.scan", kit.scanOf(door.event.id, "hello"))).toMatchObject({
      verdict: "invalid",
      reason: "signature",
    });
    const admitted = await call("checkin.admit", {
      eventId: door.event.id,
      ticketId: nth(door.tickets, 1).id,
      scanId: randomUUID(),
    });
    expect(admitted.verdict).toBe("admitted");
    const found = await call("checkin.search", { eventId: door.event.id, query: "Attendee" });
    expect(found.tickets.length).toBeGreaterThan(0);
    expect(await call("checkin.stats", { eventId: door.event.id })).toMatchObject({
      in: 2,
      total: 3,
      role: "owner",
    });
  });

  it("has checked every function a key may call", () => {
    expect([...checked].sort()).toEqual(exposed.map((d) => d.name).sort());
  });
});
