import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { newPhone } from "#tests/support/phones.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";

/**
 * /business/upgrade on the built server, as its owner uses it: with cards on, "Upgrade to
 * Pro" goes to the peer's hosted checkout, paying comes back Pro (the webhooks through
 * the real route), "Cancel Pro" says until when, a failed payment warns; with cards off,
 * the page says no card is charged.
 */
async function ownerOf(server: RunningServer): Promise<string> {
  const signedIn = await fetch(`${server.url}/api/fn/test.signInAs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { name: "Owner", phone: newPhone("+447400") } }),
  });
  const { result } = (await signedIn.json()) as { result: { userId: string } };
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  // The test bearer (NODE_ENV=test) for the function call; the cookie for the pages.
  const response = await fetch(`${server.url}/api/fn/businesses.apply`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer test:${result.userId}:` },
    body: JSON.stringify({
      data: {
        name: "Pier Club",
        type: "club",
        contactPhone: "+44 20 7946 0018",
        contactEmail: "pier@example.com",
        address: "2 Pier Road, Brighton",
        description: "",
      },
    }),
  });
  expect(response.status).toBe(200);
  return cookie;
}

const page = async (server: RunningServer, cookie: string, query = "") => {
  const response = await fetch(`${server.url}/business/upgrade${query}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
};

/** The form's post as the page sends it; the answer (not followed). */
const post = (server: RunningServer, cookie: string, fields: Record<string, string>) =>
  fetch(`${server.url}/business/upgrade`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      "sec-fetch-site": "same-origin",
      cookie,
    },
    body: new URLSearchParams(fields).toString(),
  });

describe("the upgrade page with card payments on", () => {
  let server: RunningServer;
  let peer: StripePeer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pro-page-"));
    peer = await startStripePeer();
    server = await spawnServer({
      env: {
        NODE_ENV: "test",
        PGLITE_DIR: await migratedPgliteFolder(path.join(dir, "db")),
        DEMO_DATA: "off",
        ...peer.env(),
      },
    });
    peer.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await peer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes the owner to Stripe, back as Pro, then Pro until the period's end", async () => {
    const cookie = await ownerOf(server);
    const before = await page(server, cookie);
    expect(before).toContain("Upgrade to Pro");
    expect(before).not.toContain("No card is charged");

    const started = await post(server, cookie, { intent: "subscribe" });
    expect(started.status).toBe(302);
    const location = started.headers.get("location") ?? "";
    expect(location.startsWith(peer.url)).toBe(true);
    const sessionId = /cs_[A-Za-z0-9_]+/.exec(location)?.[0] ?? "";
    await peer.pay(sessionId);
    await peer.idle();

    const back = await page(server, cookie, "?subscription=done");
    expect(back).toContain("You are on the Pro plan");
    expect(back).toContain("Cancel Pro");

    const cancelled = await post(server, cookie, { intent: "cancel" });
    const cancelledText = await cancelled.text();
    expect(cancelled.status).toBe(200);
    const subscription = [...peer.store.subscriptions.values()].at(-1);
    const end = new Date(subscription?.items.data[0].current_period_end * 1000);
    const day = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(end);
    expect(cancelledText).toContain(`Pro until ${day}`);
    expect(await page(server, cookie)).not.toContain("Cancel Pro");

    await peer.setSubscriptionStatus(subscription?.id, "past_due");
    expect(await page(server, cookie)).toContain("Payment failed");
    await peer.setSubscriptionStatus(subscription?.id, "canceled");
    const ended = await page(server, cookie);
    expect(ended).toContain("Upgrade to Pro");
    expect(ended).not.toContain("Payment failed");
  });

  it("says nothing was charged when the owner leaves the checkout", async () => {
    const cookie = await ownerOf(server);
    expect(await page(server, cookie, "?subscription=cancelled")).toContain(
      "nothing was charged and your plan is unchanged",
    );
  });
});

describe("the upgrade page with card payments off", () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pro-page-off-"));
    server = await spawnServer({
      env: {
        NODE_ENV: "test",
        PGLITE_DIR: await migratedPgliteFolder(path.join(dir, "db")),
        DEMO_DATA: "off",
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("says no card is charged and switches at once, as before", async () => {
    const cookie = await ownerOf(server);
    expect(await page(server, cookie)).toContain("No card is charged");
    const switched = await post(server, cookie, { plan: "pro" });
    expect(switched.status).toBe(200);
    expect(await switched.text()).toContain("You are on the Pro plan");
  });
});
