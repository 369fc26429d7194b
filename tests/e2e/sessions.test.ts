import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import { gatedPrefixes } from "#contract/gate.ts";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { signInAs } from "./session.ts";

// Its own server, with access tokens living 65 s (the page refreshes 60 s before
// expiry: every ~5 s) and a 2 s grace window, so renewals and reuse happen within a test.
const TTL_SECONDS = 65;
const GRACE_SECONDS = 2;

let browser: Browser;
let server: RunningServer;
let dataDir: string;
let baseURL: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-sessions-"));
  [server, browser] = await Promise.all([
    spawnServer({
      env: {
        NODE_ENV: "test",
        PGLITE_DIR: await migratedPgliteFolder(path.join(dataDir, "db")),
        DATABASE_URL: undefined,
        ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS),
        REFRESH_GRACE_SECONDS: String(GRACE_SECONDS),
      },
    }),
    launchChromium(),
  ]);
  baseURL = server.url;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function cookie(page: Page, name: string): Promise<string | undefined> {
  const all = await page.context().cookies(baseURL);
  return all.find((c) => c.name === name)?.value;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const onLogin = (page: Page) => new URL(page.url()).pathname === "/login";

describe("the gate checks for a live session", () => {
  it("redirects every gated page to /login when css_tk names no session", async () => {
    const page = await newPage(browser);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: "made-up", url: baseURL }]);
    for (const prefix of gatedPrefixes) {
      await page.goto(`${baseURL}${prefix}/7?x=1`);
      const url = new URL(page.url());
      expect({ prefix, path: url.pathname }).toEqual({ prefix, path: "/login" });
      expect(url.searchParams.get("redirect")).toBe(`${prefix}/7?x=1`);
    }
    await page.close();
  });

  it("lets a live session through, shows the user, and stops a revoked one", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Grace Hopper" });
    for (const prefix of ["/order", "/profile", "/delete_account"]) {
      const response = await page.goto(`${baseURL}${prefix}`);
      expect({ prefix, status: response?.status(), url: page.url() }).toEqual({
        prefix,
        status: 200,
        url: `${baseURL}${prefix}`,
      });
    }
    await waitForHydration(page);
    await expect(page.getByTestId("signed-in-user").textContent()).resolves.toBe("Grace Hopper");
    // The signed-in header (the screens' own contents belong to their tests).
    const axe = await new AxeBuilder({ page }).include("header").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual(
      [],
    );
    // A client-side navigation into the gated area goes through as well.
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "My orders" }).click();
    await page.waitForURL(`${baseURL}/order`);

    // Revoked behind the browser's back (the css_tk cookie stays): gated pages redirect.
    // The open page's session watcher would itself go to /login once its refresh is refused
    // (and abort the navigation below), so the page leaves the site first: what is checked
    // here is the server's gate.
    const sessionToken = await cookie(page, SESSION_COOKIE);
    await page.goto("about:blank");
    const signOut = await fetch(`${baseURL}/api/fn/sessions.signOut`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: `${SESSION_COOKIE}=${sessionToken}` },
      body: JSON.stringify({ data: null }),
    });
    expect(signOut.status).toBe(200);
    await page.goto(`${baseURL}/order`);
    expect(onLogin(page)).toBe(true);
    await page.close();
  });

  it("the header follows a sign-in made by a function call on the next navigation", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.evaluate(async () => {
      await fetch("/api/fn/test.signInAs", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ data: { name: "Late Comer", phone: "+15550007777" } }),
      });
    });
    await page.getByRole("banner").getByRole("link", { name: "Upcoming" }).click();
    await page.waitForURL(`${baseURL}/upcomming`);
    await expect(page.getByTestId("signed-in-user").textContent({ timeout: 10_000 })).resolves.toBe(
      "Late Comer",
    );
    await page.close();
  });

  it("signs out from the header", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Alan Turing" });
    await page.goto(`${baseURL}/profile`);
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    expect(await cookie(page, SESSION_COOKIE)).toBeUndefined();
    await page.goto(`${baseURL}/profile`);
    expect(onLogin(page)).toBe(true);
    await page.close();
  });
});

describe("short-lived tokens", () => {
  it("a page load renews a missing access token on the server", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL);
    await page.context().clearCookies({ name: ACCESS_TOKEN_COOKIE });
    const before = await cookie(page, REFRESH_TOKEN_COOKIE);
    await page.goto(`${baseURL}/order`);
    expect(page.url()).toBe(`${baseURL}/order`);
    expect(await cookie(page, ACCESS_TOKEN_COOKIE)).toBeTruthy();
    expect(await cookie(page, REFRESH_TOKEN_COOKIE)).not.toBe(before);
    await page.close();
  });

  it("a page not found keeps the session alive like any other page", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Lost Visitor" });
    const response = await page.goto(`${baseURL}/no/such/page`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    const access = await cookie(page, ACCESS_TOKEN_COOKIE);
    await waitFor(
      async () => (await cookie(page, ACCESS_TOKEN_COOKIE)) !== access,
      (TTL_SECONDS - 60 + 10) * 1000,
      "the page not found to refresh its access token",
    );
    expect(await cookie(page, SESSION_COOKIE)).toBeTruthy();
    await page.close();
  });

  it("the page refreshes before expiry, and both tabs land on /login after reuse is detected", async () => {
    const first = await newPage(browser);
    await signInAs(first, baseURL, { name: "Two Tabs" });
    const second = await first.context().newPage();
    await Promise.all([first.goto(`${baseURL}/order`), second.goto(`${baseURL}/upcomming`)]);
    await Promise.all([waitForHydration(first), waitForHydration(second)]);

    const spent = await cookie(first, REFRESH_TOKEN_COOKIE);
    const expiry = Number(await cookie(first, EXPIRY_COOKIE));
    const access = await cookie(first, ACCESS_TOKEN_COOKIE);
    expect(expiry).toBeGreaterThan(Date.now());
    // The watchers refresh 60 s before expiry: about 5 s from now.
    await waitFor(
      async () => (await cookie(first, ACCESS_TOKEN_COOKIE)) !== access,
      (TTL_SECONDS - 60 + 10) * 1000,
      "the page to refresh its access token",
    );
    expect(Number(await cookie(first, EXPIRY_COOKIE))).toBeGreaterThan(expiry);
    expect(await cookie(first, REFRESH_TOKEN_COOKIE)).not.toBe(spent);
    expect(onLogin(first) || onLogin(second)).toBe(false);

    // Someone presents the spent refresh token after the grace window: the family ends.
    await new Promise((resolve) => setTimeout(resolve, (GRACE_SECONDS + 1) * 1000));
    const reuse = await fetch(`${baseURL}/api/refresh-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: spent }),
    });
    expect(reuse.status).toBe(401);

    // Each tab's next refresh fails: cookies cleared, /login.
    await waitFor(
      async () => onLogin(first) && onLogin(second),
      (TTL_SECONDS - 60 + 15) * 1000,
      "both tabs to reach /login",
    );
    expect(await cookie(first, ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(await cookie(first, SESSION_COOKIE)).toBeUndefined();
    await first.goto(`${baseURL}/order`);
    expect(onLogin(first)).toBe(true);
    await second.close();
    await first.close();
  });
});
