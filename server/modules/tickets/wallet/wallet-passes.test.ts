import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { decodeJwt, importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import {
  makeWalletTestFiles,
  TEST_GOOGLE_ACCOUNT,
  TEST_GOOGLE_ISSUER,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  type WalletTestFiles,
} from "#tests/support/wallet-certs.ts";
import { serveWalletRoutes, unpackPass, type WalletRoutes } from "#tests/support/wallet-routes.ts";
import { walletLinkKey, walletPaths } from "./wallet-links.ts";

type Kit = Awaited<ReturnType<typeof ticketsKit>>;

/** `openssl smime -verify` of the detached signature over a manifest, against the test root. */
function opensslVerifies(dir: string, manifestFile: string): boolean {
  const result = spawnSync(
    "openssl",
    [
      "smime",
      "-verify",
      "-binary",
      "-inform",
      "DER",
      "-in",
      path.join(dir, "signature"),
      "-content",
      manifestFile,
      "-CAfile",
      files.caFile,
      "-purpose",
      "any",
      "-out",
      "/dev/null",
    ],
    { encoding: "utf8" },
  );
  return result.status === 0;
}

let files: WalletTestFiles;

describe.each(testDatabases.slice(0, 1))("wallet passes on $name", (database) => {
  let db: TestDatabase;
  let kit: Kit;
  let plain: Kit;
  let web: WalletRoutes;
  let bare: WalletRoutes;
  beforeAll(async () => {
    files = makeWalletTestFiles();
    db = await database.open();
    kit = await ticketsKit(db, files.env);
    plain = await ticketsKit(db);
    web = await serveWalletRoutes(kit.services);
    bare = await serveWalletRoutes(plain.services);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await bare?.close();
    await db?.dispose();
  });

  const secret = () => kit.services.settings.APP_SECRET;
  const available = { apple: true, google: true };

  async function oneTicket() {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    return {
      me,
      event,
      ticket,
      links: walletPaths(secret(), { ...ticket, generation: 1 }, available),
    };
  }

  it("signs a .pkpass whose pass.json carries the ticket's current token, hashed and signed", async () => {
    const { ticket, event, links } = await oneTicket();
    const response = await fetch(`${web.url}${links.apple}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/vnd\.apple\.pkpass/);
    const { dir, files: inside } = unpackPass(Buffer.from(await response.arrayBuffer()));
    expect(Object.keys(inside)).toEqual(
      expect.arrayContaining(["pass.json", "manifest.json", "signature", "icon.png"]),
    );

    const pass = JSON.parse(String(inside["pass.json"]));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: ticket.id,
      webServiceURL: "http://localhost:3999/wallet/apple/ws",
      barcodes: [{ format: "PKBarcodeFormatQR", message: ticket.qr }],
    });
    expect(pass.voided).toBeFalsy();
    expect(new Date(pass.relevantDate).toISOString()).toBe(event.startsAt.toISOString());
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.eventTicket.primaryFields[0].value).toBe(event.title);
    expect(JSON.stringify(pass.eventTicket)).toContain(ticket.attendeeName);
    const [business] = await rowsOf<{ name: string }>(
      db.db,
      sql`select b.name from businesses b join events e on e.business_id = b.id where e.id = ${event.id}`,
    );
    expect(pass.organizationName).toBe(business?.name);

    const manifest = JSON.parse(String(inside["manifest.json"]));
    const hashed = Object.keys(inside).filter(
      (name) => name !== "manifest.json" && name !== "signature",
    );
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) {
      expect(manifest[name]).toBe(
        createHash("sha1")
          .update(inside[name] as Buffer)
          .digest("hex"),
      );
    }

    expect(opensslVerifies(dir, path.join(dir, "manifest.json"))).toBe(true);
    const tampered = path.join(dir, "..", "tampered.json");
    writeFileSync(
      tampered,
      String(inside["manifest.json"]).replace(/"[0-9a-f]{40}"/, `"${"0".repeat(40)}"`),
    );
    expect(opensslVerifies(dir, tampered)).toBe(false);
  });

  it("redirects to a Google save link whose JWT verifies with the service account's key", async () => {
    const { ticket, event, links } = await oneTicket();
    const response = await fetch(`${web.url}${links.google}`, { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
    const jwt = location.slice("https://pay.google.com/gp/v/save/".length);
    const { payload, protectedHeader } = await jwtVerify(
      jwt,
      await importSPKI(files.googlePublicKey, "RS256"),
      { issuer: TEST_GOOGLE_ACCOUNT, audience: "google" },
    );
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.typ).toBe("savetowallet");
    const object = (payload.payload as { eventTicketObjects: Record<string, unknown>[] })
      .eventTicketObjects[0];
    expect(object).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER}.${ticket.id}-1`,
      classId: `${TEST_GOOGLE_ISSUER}.event-${event.id}`,
      state: "ACTIVE",
      barcode: { type: "QR_CODE", value: ticket.qr },
    });
    // Another key's signature is refused: the check above is not vacuous.
    const other = makeWalletTestFiles();
    await expect(
      jwtVerify(jwt, await importSPKI(other.googlePublicKey, "RS256")),
    ).rejects.toThrow();
    expect(decodeJwt(jwt).iss).toBe(TEST_GOOGLE_ACCOUNT);
  });

  it("offers the wallet buttons on the ticket views only when configured and valid", async () => {
    const { me, event, ticket } = await oneTicket();
    const viewed = await me.call("tickets.get", { ticketId: ticket.id });
    expect(viewed.wallet.apple).toMatch(new RegExp(`^/wallet/apple/${ticket.id}\\.pkpass\\?k=`));
    expect((await fetch(`${web.url}${viewed.wallet.google}`, { redirect: "manual" })).status).toBe(
      303,
    );
    const all = await me.call("tickets.forEvent", { eventId: event.id });
    expect(all.tickets[0].wallet).toEqual(viewed.wallet);
    const unconfigured = plain.as({ userId: me.user.id, sessionId: "s", roles: [] });
    expect((await unconfigured.call("tickets.get", { ticketId: ticket.id })).wallet).toEqual({
      apple: null,
      google: null,
    });
    await kit.setTicketStatus(ticket.id, "checked-in");
    expect((await me.call("tickets.get", { ticketId: ticket.id })).wallet).toEqual({
      apple: null,
      google: null,
    });
  });

  it("lets the signed-in holder in without a key, and nobody else", async () => {
    const { me, ticket } = await oneTicket();
    const holder = await fetch(`${web.url}/wallet/apple/${ticket.id}.pkpass`, {
      headers: { "x-test-user": me.user.id },
    });
    expect(holder.status).toBe(200);
    const stranger = await kit.user();
    for (const headers of [{ "x-test-user": stranger.user.id }, {}] as Record<string, string>[]) {
      const response = await fetch(`${web.url}/wallet/google/${ticket.id}`, {
        headers,
        redirect: "manual",
      });
      expect(response.status).toBe(404);
    }
  });

  it("answers 404 for a wrong key, a made-up ticket, an old generation and a wallet not configured", async () => {
    const { me, ticket, links } = await oneTicket();
    const wrong = `/wallet/apple/${ticket.id}.pkpass?k=${"x".repeat(32)}`;
    const madeUp = `/wallet/google/${randomUUID()}?k=${walletLinkKey(secret(), { id: randomUUID(), generation: 1 })}`;
    for (const url of [wrong, madeUp, "/wallet/google/not-a-uuid?k=1"]) {
      expect((await fetch(`${web.url}${url}`, { redirect: "manual" })).status).toBe(404);
    }
    expect((await fetch(`${bare.url}${links.apple}`)).status).toBe(404);
    expect((await fetch(`${bare.url}${links.google}`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${web.url}${links.apple}`)).status).toBe(200);

    await me.call("tickets.assign", {
      ticketId: ticket.id,
      name: "Ada Lovelace",
      phone: "+447911123499",
      idempotencyKey: randomUUID(),
    });
    expect((await fetch(`${web.url}${links.apple}`)).status).toBe(404);
    expect((await fetch(`${web.url}${links.google}`, { redirect: "manual" })).status).toBe(404);
  });
});
