import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { freePort, type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";

/**
 * Signing in with an OpenID Connect provider: a real provider (oauth2-mock-server) on
 * loopback, and a server of our own pointed at it (the shared e2e server has none).
 */
let browser: Browser;
let provider: OAuth2Server;
let server: RunningServer;
let dataDir: string;
/** Our public address: PUBLIC_URL defaults to http://localhost:{port}, so cookies match. */
let base: string;
let person = { sub: "", email: "", name: "" };

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(await freePort(), "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: person.sub,
      email: person.email,
      email_verified: true,
      name: person.name,
    });
  });
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-oidc-"));
  server = await spawnServer({
    env: {
      NODE_ENV: "test",
      PGLITE_DIR: await migratedPgliteFolder(path.join(dataDir, "db")),
      DATABASE_URL: undefined,
      OIDC_ISSUER: provider.issuer.url,
      OIDC_CLIENT_ID: "tickets-e2e",
      OIDC_CLIENT_SECRET: "tickets-e2e-secret",
      OIDC_NAME: "Mock ID",
    },
  });
  base = `http://localhost:${server.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function newPerson(name: string) {
  const id = Math.random().toString(36).slice(2, 10);
  person = { sub: `sub-${id}`, email: `${id}@example.com`, name };
}

/** The popup may already have closed itself by the time we look: then there is no event to wait for. */
async function popupClosed(popup: Page) {
  if (!popup.isClosed()) await popup.waitForEvent("close");
}

describe("external sign-in", () => {
  it("signs in through a popup and lands on the page asked for", async () => {
    newPerson("Grace Hopper");
    const page = await newPage(browser);
    await page.goto(`${base}/profile`);
    expect(page.url()).toBe(`${base}/login?redirect=%2Fprofile`);
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Sign in with Mock ID" });
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await popupClosed(popup);
    await page.waitForURL(`${base}/profile`);
    await waitForHydration(page);
    await expect(page.locator(`input[name="name"]`).inputValue()).resolves.toBe("Grace Hopper");
    await expect(page.getByLabel("Email address").inputValue()).resolves.toBe(person.email);
    await expect(page.getByTestId("current-phone").textContent()).resolves.toBe("none yet");
  });

  it("falls back to a full-page redirect when the popup is blocked, and finds the same account again", async () => {
    newPerson("Katherine Johnson");
    for (const round of [1, 2]) {
      const page = await newPage(browser);
      await page.addInitScript(() => {
        window.open = () => null;
      });
      await page.goto(`${base}/login?redirect=%2Fsetting`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Sign in with Mock ID" }).click();
      await page.waitForURL(`${base}/setting`);
      await waitForHydration(page);
      // Signed in: notification channels are offered.
      await page.getByLabel("By SMS").waitFor();
      if (round === 1) {
        await page.getByLabel("By SMS").uncheck();
        await page.getByRole("button", { name: "Save settings" }).click();
        await page.getByText("Settings saved.").waitFor();
      } else {
        // The second sign-in is the same account: the saved choice is there.
        await expect(page.getByLabel("By SMS").isChecked()).resolves.toBe(false);
      }
      await page.close();
    }
  });

  it("tells the page when the person cancels at the provider, and stays signed out", async () => {
    newPerson("Dorothy Vaughan");
    provider.service.once("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
    });
    const page = await newPage(browser);
    await page.goto(`${base}/login`);
    await waitForHydration(page);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Sign in with Mock ID" }).click(),
    ]);
    await popupClosed(popup);
    await page.getByText("Signing in with Mock ID was cancelled.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "css_tk")).toBeUndefined();
  });

  it("refuses a callback that was not started here (no flow cookie)", async () => {
    const page = await newPage(browser);
    await page.goto(`${base}/auth/oidc/callback?code=made-up&state=made-up`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.getByText("Please try again").waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "css_tk")).toBeUndefined();
  });
});
