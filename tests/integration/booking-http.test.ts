import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { verifyTestBearer } from "#server/platform/callable/test-bearer.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { makeEvent, makeUser, newKey, nth } from "#tests/support/kits/holds-test-kit.ts";
import { profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

describe.each(testDatabases)("holds and bookings over HTTP on $name", (database) => {
  let db: TestDatabase;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    db = await database.open();
    const { services } = await profileTestKit(db);
    const app = createApp({
      services,
      registry: createRegistry([...holdFunctions, ...bookingFunctions]),
      verifyBearer: verifyTestBearer,
      secureTransport: false,
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.dispose();
  });

  async function call(name: string, data: unknown, userId?: string) {
    const response = await fetch(`${url}/api/fn/${name}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(userId ? { authorization: `Bearer test:${userId}:` } : {}),
      },
      body: JSON.stringify({ data }),
    });
    return { status: response.status, body: await response.json() };
  }

  it("holds, refuses with the callable protocol's codes, confirms and looks up", async () => {
    const { event, types } = await makeEvent(db.db, { types: [{ capacity: 2, priceMinor: 900 }] });
    const [me, late] = [await makeUser(db.db), await makeUser(db.db)];
    const line = [{ ticketTypeId: nth(types, 0).id, quantity: 2 }];
    const held = await call(
      "holds.create",
      { eventId: event.shortId, items: line, idempotencyKey: newKey() },
      me.id,
    );
    expect(held.status).toBe(200);
    expect(held.body.result).toMatchObject({ ticketCount: 2, totalMinor: 1800, currency: "EUR" });
    expect(typeof held.body.result.expiresAt).toBe("string");

    const refused = await call(
      "holds.create",
      { eventId: event.id, items: line, idempotencyKey: newKey() },
      late.id,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      status: "FAILED_PRECONDITION",
      message: "Sold out.",
      details: { reason: "sold-out", left: 0 },
    });

    const anonymous = await call("bookings.listMine", null);
    expect(anonymous.status).toBe(401);

    const booked = await call(
      "bookings.confirm",
      {
        holdId: held.body.result.id,
        attendees: [{ name: "Ada" }, { name: "Alan" }],
        idempotencyKey: newKey(),
      },
      me.id,
    );
    expect(booked.status).toBe(200);
    expect(booked.body.result).toMatchObject({
      status: "confirmed",
      paymentStatus: "unpaid",
      totalMinor: 1800,
    });

    const found = await call("bookings.lookup", {
      reference: booked.body.result.reference,
      contact: me.phone,
    });
    expect(found.status).toBe(200);
    expect(found.body.result.tickets.map((t: { attendeeName: string }) => t.attendeeName)).toEqual([
      "Ada",
      "Alan",
    ]);

    const missing = await call(
      "bookings.get",
      { reference: booked.body.result.reference },
      late.id,
    );
    expect(missing.status).toBe(404);
  });
});
