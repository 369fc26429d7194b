import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import { makeWalletTestFiles, TEST_PASS_TYPE_ID } from "#tests/support/wallet-certs.ts";
import { passJsonOf, serveWalletRoutes, type WalletRoutes } from "#tests/support/wallet-routes.ts";
import { walletPaths } from "./wallet-links.ts";

describe.each(testDatabases)("Apple's pass web service on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  let web: WalletRoutes;
  beforeAll(async () => {
    db = await database.open();
    kit = await ticketsKit(db, makeWalletTestFiles().env);
    web = await serveWalletRoutes(kit.services);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await db?.dispose();
  });

  async function oneTicket() {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const links = walletPaths(
      kit.services.settings.APP_SECRET,
      { ...ticket, generation: 1 },
      { apple: true, google: true },
    );
    return { me, ticket, links };
  }

  it("serves a device the voided pass, without a barcode, once the ticket was given away", async () => {
    const { me, ticket, links } = await oneTicket();
    const first = await passJsonOf(await fetch(`${web.url}${links.apple}`));
    const token = first.authenticationToken as string;
    const ws = `${web.url}/wallet/apple/ws/v1`;
    const auth = { authorization: `ApplePass ${token}` };
    const device = `device-${randomUUID()}`;
    const registration = `${ws}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${ticket.id}`;
    const register = (headers: Record<string, string>) =>
      fetch(registration, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ pushToken: "push-token-1" }),
      });
    expect((await register({ authorization: "ApplePass g1-wrong" })).status).toBe(401);
    expect((await register(auth)).status).toBe(201);
    expect((await register(auth)).status).toBe(200);

    const list = await fetch(`${ws}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}`);
    expect(list.status).toBe(200);
    const listed = await list.json();
    expect(listed.serialNumbers).toEqual([ticket.id]);
    const unchanged = await fetch(
      `${ws}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=${listed.lastUpdated}`,
    );
    expect(unchanged.status).toBe(204);

    const latestBefore = await fetch(`${ws}/passes/${TEST_PASS_TYPE_ID}/${ticket.id}`, {
      headers: auth,
    });
    expect(latestBefore.status).toBe(200);
    const before = await passJsonOf(latestBefore);
    expect(before.voided).toBeFalsy();
    expect(before.barcodes[0].message).toBe(ticket.qr);
    const notModified = await fetch(`${ws}/passes/${TEST_PASS_TYPE_ID}/${ticket.id}`, {
      headers: { ...auth, "if-modified-since": new Date(Date.now() + 2000).toUTCString() },
    });
    expect(notModified.status).toBe(304);

    await me.call("tickets.assign", {
      ticketId: ticket.id,
      name: "Grace Hopper",
      phone: "+447911123498",
      idempotencyKey: randomUUID(),
    });
    const changed = await fetch(
      `${ws}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=${listed.lastUpdated}`,
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).serialNumbers).toEqual([ticket.id]);

    const latest = await fetch(`${ws}/passes/${TEST_PASS_TYPE_ID}/${ticket.id}`, { headers: auth });
    expect(latest.status).toBe(200);
    const pass = await passJsonOf(latest);
    expect(pass.voided).toBe(true);
    expect(pass.barcodes ?? []).toEqual([]);
    expect(pass.barcode).toBeUndefined();
    expect(pass.serialNumber).toBe(ticket.id);

    expect((await fetch(registration, { method: "DELETE", headers: auth })).status).toBe(200);
    expect((await fetch(`${ws}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}`)).status).toBe(
      204,
    );
  });

  it("voids the pass a device fetches for a cancelled ticket", async () => {
    const { ticket, links } = await oneTicket();
    const first = await passJsonOf(await fetch(`${web.url}${links.apple}`));
    const token = first.authenticationToken as string;
    await kit.setTicketStatus(ticket.id, "cancelled");
    const latest = await fetch(
      `${web.url}/wallet/apple/ws/v1/passes/${TEST_PASS_TYPE_ID}/${ticket.id}`,
      {
        headers: { authorization: `ApplePass ${token}` },
      },
    );
    const pass = await passJsonOf(latest);
    expect(pass.voided).toBe(true);
    expect(pass.barcodes ?? []).toEqual([]);
  });
});
