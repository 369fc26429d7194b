import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiScopes } from "#contract/api-keys.ts";
import { appFunctions, membershipResolvers } from "#server/functions.ts";
import { teamEvents, teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { ticketKeyRing } from "#server/modules/tickets/ticket-keys.ts";
import { qrTokenFor } from "#server/modules/tickets/ticket-qr.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { type ApiKeyServer, serveWithApiKeys } from "#tests/support/kits/api-key-test-kit.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { eventFields, ticketTypeFields } from "#tests/support/kits/event-test-kit.ts";
import { makeEvent, makeUser, nth } from "#tests/support/kits/holds-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
} from "#tests/support/kits/profile-test-kit.ts";

// biome-ignore lint/suspicious/noExplicitAny: each test checks the answer's shape
type Any = any;

/**
 * Issue 30's promises for API keys, over HTTP through the whole app: a key of business A
 * reaches nothing of business B (404, and nothing changes), even where A's owner works
 * B's door in person; it calls nothing outside its scopes (403); it is refused once
 * revoked (401); a write with an Idempotency-Key is done once.
 */
describe.each(postgresOnly)("an API key's bounds on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let http: ApiKeyServer;
  const registry = createRegistry(appFunctions, { membership: membershipResolvers });
  const as = (userId: string) => {
    const auth: Auth = { userId, sessionId: "s", roles: [] };
    return {
      call: (name: string, data: unknown): Promise<Any> =>
        registry.invoke(name, data, functionContext(kit.services, auth)),
    };
  };
  let a: Awaited<ReturnType<typeof makeEvent>>;
  let b: Awaited<ReturnType<typeof makeEvent>>;
  let bBooking: Any;
  let bTicket: { id: string; qr: string };
  let keyA: string;

  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    http = await serveWithApiKeys(kit.services);
    const db = database.db;
    a = await makeEvent(db, { startsInHours: -1 });
    b = await makeEvent(db, { startsInHours: -1 });
    const buyer = await makeUser(db, { name: "Bea Buyer" });
    ({ booking: bBooking } = await holdAndConfirm(
      as(buyer.id),
      b.event.shortId,
      nth(b.types, 0).id,
      1,
    ));
    const [ticket] = await rowsOf<{ id: string; generation: number }>(
      db,
      sql`select id, generation from tickets where booking_id = ${bBooking.id}`,
    );
    if (!ticket) throw new Error("no ticket");
    const ring = await ticketKeyRing(db, kit.services.settings.APP_SECRET);
    bTicket = {
      id: ticket.id,
      qr: await qrTokenFor(ring, {
        id: ticket.id,
        eventShortId: b.event.shortId,
        generation: Number(ticket.generation),
      }),
    };
    // A's owner, in person, is a coordinator of B's door team.
    const [team] = await db
      .insert(teams)
      .values({ businessId: b.business.id, name: "B door" })
      .returning();
    if (!team) throw new Error("no team");
    await db.insert(teamEvents).values({ teamId: team.id, eventId: b.event.id });
    await db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: a.owner.id, role: "coordinator" });
    keyA = (
      await as(a.owner.id).call("apiKeys.create", { name: "Everything", scopes: [...apiScopes] })
    ).secret;
  });
  afterAll(async () => {
    await http?.close();
    await database?.dispose();
  });

  const notFound = { status: 404, body: { error: { status: "NOT_FOUND" } } };

  it("reads its own business's event and orders, and lists only its own events", async () => {
    expect(await http.post("events.getForOwner", keyA, { eventId: a.event.id })).toMatchObject({
      status: 200,
      body: { result: { id: a.event.id } },
    });
    expect((await http.post("orders.list", keyA, { eventId: a.event.id })).status).toBe(200);
    const mine = await http.post("events.listMine", keyA);
    const ids = JSON.stringify(mine.body.result);
    expect(ids).toContain(a.event.id);
    expect(ids).not.toContain(b.event.id);
  });

  it("cannot read business B's event, orders or door: 404", async () => {
    const calls: [string, unknown][] = [
      ["events.getForOwner", { eventId: b.event.id }],
      ["orders.list", { eventId: b.event.id }],
      ["orders.get", { bookingId: bBooking.id }],
      ["checkin.search", { eventId: b.event.id, query: "Bea" }],
      ["checkin.stats", { eventId: b.event.id }],
    ];
    for (const [name, data] of calls) {
      expect({ name, ...(await http.post(name, keyA, data)) }).toMatchObject({ name, ...notFound });
    }
    // The same person, in person, works B's door: their key does not.
    expect((await as(a.owner.id).call("checkin.stats", { eventId: b.event.id })).role).toBe(
      "coordinator",
    );
  });

  it("cannot change business B's event or admit its tickets: 404, and nothing changes", async () => {
    const calls: [string, unknown][] = [
      ["events.update", { ...eventFields({ title: "Taken over" }), eventId: b.event.id }],
      ["events.unpublish", { eventId: b.event.id }],
      ["ticketTypes.create", ticketTypeFields(b.event.id, { name: "Extra" })],
      ["ticketTypes.update", { ...ticketTypeFields(b.event.id), ticketTypeId: nth(b.types, 0).id }],
      ["ticketTypes.delete", { ticketTypeId: nth(b.types, 0).id }],
      ["checkin.admit", { eventId: b.event.id, ticketId: bTicket.id, scanId: randomUUID() }],
      [
        "checkin.scan",
        { eventId: b.event.id, code: bTicket.qr, deviceId: "api", scanId: randomUUID() },
      ],
    ];
    for (const [name, data] of calls) {
      expect({ name, ...(await http.post(name, keyA, data)) }).toMatchObject({ name, ...notFound });
    }
    const [event] = await rowsOf<{ title: string; status: string; types: number }>(
      database.db,
      sql`select title, status, (select count(*)::int from ticket_types t where t.event_id = e.id) as types
        from events e where id = ${b.event.id}`,
    );
    expect(event).toEqual({ title: b.event.title, status: "published", types: b.types.length });
    const checkIns = await rowsOf(
      database.db,
      sql`select 1 from check_ins where ticket_id = ${bTicket.id}`,
    );
    expect(checkIns).toEqual([]);
  });

  it("admits its own business's ticket at the door", async () => {
    const buyer = await makeUser(database.db, { name: "Ann Attendee" });
    const { booking } = await holdAndConfirm(as(buyer.id), a.event.shortId, nth(a.types, 0).id, 1);
    const [ticket] = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where booking_id = ${booking.id}`,
    );
    const admitted = await http.post("checkin.admit", keyA, {
      eventId: a.event.id,
      ticketId: ticket?.id,
      scanId: randomUUID(),
    });
    expect(admitted).toMatchObject({ status: 200, body: { result: { verdict: "admitted" } } });
  });

  it("calls nothing outside its scopes: 403, and nothing changes", async () => {
    const { secret } = await as(a.owner.id).call("apiKeys.create", {
      name: "Read events",
      scopes: ["events:read"],
    });
    expect((await http.post("events.getForOwner", secret, { eventId: a.event.id })).status).toBe(
      200,
    );
    const outside: [string, unknown, string][] = [
      ["orders.list", { eventId: a.event.id }, "orders:read"],
      ["events.unpublish", { eventId: a.event.id }, "events:write"],
      ["checkin.stats", { eventId: a.event.id }, "checkin"],
    ];
    for (const [name, data, scope] of outside) {
      expect({ name, ...(await http.post(name, secret, data)) }).toMatchObject({
        name,
        status: 403,
        body: { error: { status: "PERMISSION_DENIED", details: { reason: "scope", scope } } },
      });
    }
    // Keys cannot manage keys, nor anything not exposed to them.
    for (const name of ["apiKeys.list", "apiKeys.create", "bookings.listMine"]) {
      expect(await http.post(name, keyA, { name: "x", scopes: ["events:read"] })).toMatchObject({
        status: 403,
        body: { error: { message: `API keys cannot call ${name}.` } },
      });
    }
    const [event] = await rowsOf<{ status: string }>(
      database.db,
      sql`select status from events where id = ${a.event.id}`,
    );
    expect(event?.status).toBe("published");
  });

  it("is refused once revoked: 401", async () => {
    const owner = as(a.owner.id);
    const made = await owner.call("apiKeys.create", {
      name: "Short lived",
      scopes: ["events:read"],
    });
    expect((await http.post("events.listMine", made.secret)).status).toBe(200);
    await owner.call("apiKeys.revoke", { keyId: made.key.id });
    expect(await http.post("events.listMine", made.secret)).toMatchObject({
      status: 401,
      body: { error: { status: "UNAUTHENTICATED" } },
    });
  });

  it("makes an event once for a repeated Idempotency-Key; the key with another body is 422", async () => {
    const fields = eventFields({ title: "Made once" });
    const first = await http.post("events.create", keyA, fields, "create-made-once");
    const again = await http.post("events.create", keyA, fields, "create-made-once");
    expect(first).toMatchObject({ status: 200, replayed: null });
    expect(again).toEqual({ ...first, replayed: "true" });
    const other = await http.post(
      "events.create",
      keyA,
      eventFields({ title: "Something else" }),
      "create-made-once",
    );
    expect(other).toMatchObject({
      status: 422,
      body: { error: { details: { reason: "idempotency-key-reused" } } },
    });
    const made = await rowsOf(
      database.db,
      sql`select id from events where business_id = ${a.business.id} and title in ('Made once', 'Something else')`,
    );
    expect(made).toHaveLength(1);
  });
});
