import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { newPhone } from "#tests/support/phones.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { type StripePeer, startStripePeer } from "#tests/support/stripe-peer.ts";

/**
 * The organiser's payments pages on the built server, with the real SDK against the
 * Stripe peer: connect, the peer's onboarding page, back to the return page: Active.
 * (A Chromium journey needs the peer in the e2e setup; these are the same steps as the
 * browser takes them, form post and redirects included.)
 */
let server: RunningServer;
let peer: StripePeer;
let dataDir: string;
let owner = "";
let plain = "";

const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36" };

async function get(target: string, cookie: string) {
  const response = await fetch(new URL(target, server.url), {
    redirect: "manual",
    headers: { ...browser, cookie },
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

/** The onboarding page's form, completed as the organiser's browser posts it. */
async function completeOnboarding(link: string): Promise<string> {
  const page = await (await fetch(link)).text();
  const action = /<form method="post" action="([^"]*complete[^"]*)"/.exec(page)?.[1];
  if (!action) throw new Error(`no onboarding form in ${page}`);
  const done = await fetch(new URL(action.replaceAll("&amp;", "&"), link), {
    method: "POST",
    redirect: "manual",
  });
  const location = done.headers.get("location");
  if (!location) throw new Error(`onboarding answered ${done.status}`);
  return location;
}

/** A new person signed in (test.signInAs): their session cookie and id. */
async function signIn(name: string) {
  const response = await fetch(`${server.url}/api/fn/test.signInAs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { name, phone: newPhone("+447400") } }),
  });
  const { result } = (await response.json()) as { result: { userId: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, userId: result.userId };
}

beforeAll(async () => {
  peer = await startStripePeer();
  dataDir = mkdtempSync(path.join(tmpdir(), "payment-pages-"));
  server = await spawnServer({
    env: {
      NODE_ENV: "test",
      PGLITE_DIR: await migratedPgliteFolder(path.join(dataDir, "db")),
      DATABASE_URL: undefined,
      DEMO_DATA: "off",
      ...peer.env(),
    },
    timeoutMs: 180_000,
  });
  const ownerSession = await signIn("Olive Owner");
  owner = ownerSession.cookie;
  plain = (await signIn("Pat Plain")).cookie;
  const apply = await fetch(`${server.url}/api/fn/businesses.apply`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer test:${ownerSession.userId}:`,
    },
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
  if (!apply.ok) throw new Error(`businesses.apply: ${await apply.text()}`);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await peer?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the payments pages", () => {
  it("connects a Stripe account: Not connected → the peer's onboarding → back: Active", async () => {
    const before = await get("/business/payments", owner);
    expect(before.status).toBe(200);
    expect(before.html).toContain("Not connected");
    expect(before.html).toContain("Connect with Stripe");

    const connect = await fetch(`${server.url}/business/payments`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        "sec-fetch-site": "same-origin",
        cookie: owner,
      },
      body: "intent=connect",
    });
    const link = connect.headers.get("location") ?? "";
    expect(link.startsWith(peer.url)).toBe(true);

    const pending = await get("/business/payments", owner);
    expect(pending.html).toContain("Pending");
    expect(pending.html).toContain("Continue setup");

    const back = await completeOnboarding(link);
    expect(new URL(back).pathname).toBe("/business/payments/return");
    // No webhook reaches this server: the return page asks Stripe itself.
    const returned = await get(new URL(back).pathname, owner);
    expect(returned.status).toBe(200);
    expect(returned.html).toContain("Your Stripe account: Active");
    const after = await get("/business/payments", owner);
    expect(after.html).toContain("Active");
    expect(after.html).not.toContain("Continue setup");
  });

  it("sends an expired link's refresh straight back to a new onboarding link", async () => {
    const refreshed = await get("/business/payments/refresh", owner);
    expect(refreshed.location?.startsWith(peer.url)).toBe(true);
  });

  it("sends a visitor to sign in and someone without a business to the form", async () => {
    for (const target of [
      "/business/payments",
      "/business/payments/return",
      "/business/payments/refresh",
    ]) {
      const visitor = await get(target, "");
      expect(new URL(visitor.location ?? "", server.url).pathname).toBe("/login");
      const noBusiness = await get(target, plain);
      expect(new URL(noBusiness.location ?? "", server.url).pathname).toBe("/business/form");
    }
  });
});
