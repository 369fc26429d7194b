import { randomUUID } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { type HttpPeer, startHttpPeer } from "#tests/support/http-peer.ts";
import { ticketsKit } from "#tests/support/kits/tickets-test-kit.ts";
import {
  makeWalletTestFiles,
  TEST_GOOGLE_ACCOUNT,
  TEST_GOOGLE_ISSUER,
  type WalletTestFiles,
} from "#tests/support/wallet-certs.ts";
import { serveWalletRoutes, type WalletRoutes } from "#tests/support/wallet-routes.ts";
import { type GoogleWalletApi, googleWalletApi } from "./google-wallet-api.ts";
import { walletCredentials } from "./wallet-credentials.ts";
import { closeStaleGoogleObjects } from "./wallet-google-sync.ts";
import { walletPaths } from "./wallet-links.ts";

describe.each(testDatabases.slice(0, 1))("closing saved Google objects on $name", (database) => {
  let db: TestDatabase;
  let kit: Awaited<ReturnType<typeof ticketsKit>>;
  let files: WalletTestFiles;
  let web: WalletRoutes;
  let google: HttpPeer;
  let api: GoogleWalletApi;
  /** Statuses the API peer answers with next (then 200). */
  const answers: number[] = [];
  beforeAll(async () => {
    files = makeWalletTestFiles();
    db = await database.open();
    kit = await ticketsKit(db, files.env);
    web = await serveWalletRoutes(kit.services);
    google = await startHttpPeer((request, res) => {
      if (request.url === "/token") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ access_token: "test-access", expires_in: 3600 }));
        return;
      }
      res.statusCode = answers.shift() ?? 200;
      res.end("{}");
    });
    const credentials = walletCredentials(kit.services.settings).google;
    if (!credentials) throw new Error("Google Wallet not configured in the test settings");
    api = googleWalletApi(credentials, { api: google.url, token: `${google.url}/token` });
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await google?.close();
    await db?.dispose();
  });

  /** A ticket whose save link was opened, so Google may hold its object. */
  async function savedTicket() {
    const { me, event } = await kit.holderOf(1);
    const [ticket] = (await me.call("tickets.forEvent", { eventId: event.id })).tickets;
    const link = walletPaths(
      kit.services.settings.APP_SECRET,
      { id: ticket.id, generation: 1 },
      { apple: true, google: true },
    ).google;
    expect((await fetch(`${web.url}${link}`, { redirect: "manual" })).status).toBe(303);
    const giveAway = () =>
      me.call("tickets.assign", {
        ticketId: ticket.id,
        name: "Ada Lovelace",
        phone: "+447911123496",
        idempotencyKey: randomUUID(),
      });
    return {
      ticket,
      giveAway,
      path: `/walletobjects/v1/eventTicketObject/${TEST_GOOGLE_ISSUER}.${ticket.id}-1`,
    };
  }
  const patchesTo = (path: string) =>
    google.requests.filter((r) => r.method === "PATCH" && r.url === path);

  it("sets the saved object INACTIVE once the ticket is given away, once, as the service account", async () => {
    const { giveAway, path } = await savedTicket();
    await closeStaleGoogleObjects(db.db, api);
    expect(patchesTo(path)).toEqual([]);

    await giveAway();
    expect(await closeStaleGoogleObjects(db.db, api)).toBeGreaterThanOrEqual(1);
    const [patch] = patchesTo(path);
    expect(JSON.parse(patch?.body ?? "{}")).toEqual({ state: "INACTIVE" });
    expect(patch?.headers.authorization).toBe("Bearer test-access");
    const grant = new URLSearchParams(google.requests.find((r) => r.url === "/token")?.body);
    expect(grant.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const { payload } = await jwtVerify(
      grant.get("assertion") ?? "",
      await importSPKI(files.googlePublicKey, "RS256"),
      { issuer: TEST_GOOGLE_ACCOUNT, audience: `${google.url}/token` },
    );
    expect(payload.scope).toBe("https://www.googleapis.com/auth/wallet_object.issuer");

    await closeStaleGoogleObjects(db.db, api);
    expect(patchesTo(path)).toHaveLength(1);
  });

  it("tries again next round when Google did not take it, and closes a cancelled ticket's object", async () => {
    const passedOn = await savedTicket();
    await passedOn.giveAway();
    answers.push(503);
    await closeStaleGoogleObjects(db.db, api);
    expect(patchesTo(passedOn.path)).toHaveLength(1);
    await closeStaleGoogleObjects(db.db, api);
    expect(patchesTo(passedOn.path)).toHaveLength(2);
    await closeStaleGoogleObjects(db.db, api);
    expect(patchesTo(passedOn.path)).toHaveLength(2);

    const cancelled = await savedTicket();
    await kit.setTicketStatus(cancelled.ticket.id, "cancelled");
    await closeStaleGoogleObjects(db.db, api);
    expect(patchesTo(cancelled.path)).toHaveLength(1);
  });
});
