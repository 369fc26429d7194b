import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH, type ApiKeyView } from "#contract/api-keys.ts";
import { apiKeysPath, apiReferencePath } from "#contract/paths.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAsOwner } from "./session.ts";

/**
 * API keys in the console (issue 30, decision 038), in Chromium on a phone: the owner
 * opens the page from the console, is refused a key without a scope, makes one and sees it
 * whole once, finds it in the list (and never again whole), revokes it; then reads the
 * public API reference.
 */
const base = inject("baseURL").replace("127.0.0.1", "localhost");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** No serious accessibility violation on the page, in light then dark. */
async function axeClean(page: Page, ready: (page: Page) => Promise<void> = async () => {}) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await waitForHydration(page);
    await ready(page);
    expect(await seriousViolations(page)).toEqual([]);
  }
}

describe("API keys in the browser", () => {
  it("lets the owner make a key (shown once), find it in the list and revoke it", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: base,
    });
    const ownerId = await signInAsOwner(page, base, "Key Keeper");

    // From the console's home, empty at first.
    await page.goto(`${base}/business`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "API keys" }).click();
    await page.waitForURL(`${base}${apiKeysPath}`);
    await page.getByTestId("api-keys-empty").waitFor();
    await axeClean(page, async (p) => {
      await p.getByTestId("api-keys-empty").waitFor();
    });

    // No scope ticked: refused on the scopes, the name kept.
    const form = page.getByRole("form", { name: "Make a key" });
    await form.getByLabel("Name").fill("Door app");
    await form.getByRole("button", { name: "Make key" }).click();
    await form.getByText("Choose at least one scope.").waitFor();
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("Door app");
    await expect(page.getByTestId("api-key").count()).resolves.toBe(0);

    // With scopes: the whole key, once, with Copy.
    await form.getByLabel("Read events").check();
    await form.getByLabel("Check in").check();
    await form.getByRole("button", { name: "Make key" }).click();
    const panel = page.getByTestId("created-api-key");
    await panel.waitFor();
    const secret = (await page.getByTestId("created-api-key-secret").textContent()) ?? "";
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(40);
    await expect(panel.textContent()).resolves.toContain("it will not be shown again");
    await panel.getByRole("button", { name: "Copy the key Door app" }).click();
    await panel.getByText("Key copied").waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    // The form is empty again for the next key.
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("");
    await expect(form.getByLabel("Check in").isChecked()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // The list shows it by its start; the whole key is gone once the page is left.
    const card = page.getByTestId("api-key").filter({ hasText: "Door app" });
    await card.waitFor();
    const cardText = (await card.textContent()) ?? "";
    expect(cardText).toContain(`${secret.slice(0, API_KEY_SHOWN_LENGTH)}…`);
    expect(cardText).toContain("Read events");
    expect(cardText).toContain("Check in");
    expect(cardText).not.toContain("Write events");
    expect(cardText).toContain("Never used");
    expect(cardText).not.toContain(secret);
    await page.reload();
    await waitForHydration(page);
    await card.waitFor();
    await expect(page.getByTestId("created-api-key").count()).resolves.toBe(0);
    expect(await page.content()).not.toContain(secret);

    // Revoked after a confirmation: still listed, marked, no Revoke button.
    await card.getByRole("button", { name: "Revoke Door app" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke Door app?" });
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await card.getByTestId("api-key-revoked").waitFor();
    await expect(card.getByRole("button", { name: "Revoke Door app" }).count()).resolves.toBe(0);
    const { keys } = await callFunction<{ keys: ApiKeyView[] }>(
      base,
      "apiKeys.list",
      null,
      ownerId,
    );
    expect(keys.map((k) => [k.name, k.revokedAt !== null])).toEqual([["Door app", true]]);
    // The list, on a phone, in light and dark.
    await axeClean(page, async (p) => {
      await p.getByTestId("api-key-revoked").waitFor();
    });

    // The reference is linked from the page.
    await page.getByRole("link", { name: "the API reference" }).click();
    await page.waitForURL(`${base}${apiReferencePath}`);
    await page.getByRole("heading", { level: 1, name: "API reference" }).waitFor();
    await page.close();
  }, 90_000);

  it("shows the API reference to anyone, without signing in", async () => {
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(`${base}${apiReferencePath}`);
    await waitForHydration(visitor);
    await visitor.getByRole("heading", { name: "Calling a function" }).waitFor();
    await expect(visitor.textContent("body")).resolves.toContain("POST /api/fn/{name}");
    // Every function a key may call has its entry, generated from its schemas.
    for (const name of ["events.create", "orders.get", "checkin.scan"]) {
      const entry = visitor.locator(`[id="${name}"]`);
      await expect(entry.count()).resolves.toBe(1);
    }
    await expect(visitor.getByTestId("api-reference-empty").count()).resolves.toBe(0);
    // Nothing wider than the phone: the examples wrap.
    await expect(
      visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).resolves.toBe(true);
    // axe over the whole reference (every function and kind of webhook, light and dark)
    // takes most of a minute on two cores.
    await axeClean(visitor);
    await visitor.close();
  }, 150_000);
});
