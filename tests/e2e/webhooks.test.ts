import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { webhookPath, webhooksPath } from "#contract/paths.ts";
import {
  WEBHOOK_SECRET_PREFIX,
  type WebhookDeliveryPage,
  type WebhookEndpointView,
} from "#contract/webhooks.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAsOwner } from "./session.ts";

/**
 * Webhooks in the console (issue 30, decision 039), in Chromium on a phone: the owner
 * opens the page from the console, is refused an endpoint without an event, adds one and
 * lands on its page, reveals and copies its secret, sends a test (queued in the log: the
 * worker that sends it is not part of this page), changes its events, switches it off and
 * deletes it.
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
async function axeClean(page: Page, ready: (page: Page) => Promise<void>) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await waitForHydration(page);
    await ready(page);
    expect(await seriousViolations(page)).toEqual([]);
  }
}

/** Nothing wider than the phone. */
async function fitsThePhone(page: Page) {
  await expect(
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).resolves.toBe(true);
}

describe("webhooks in the browser", () => {
  it("lets the owner add an endpoint, reveal its secret, send a test, edit, switch off and delete it", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: base,
    });
    const ownerId = await signInAsOwner(page, base, "Hook Keeper");

    // From the console's home, empty at first.
    await page.goto(`${base}/business`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(`${base}${webhooksPath}`);
    await page.getByTestId("webhooks-empty").waitFor();
    await axeClean(page, async (p) => {
      await p.getByTestId("webhooks-empty").waitFor();
    });

    // No event ticked: refused on the events, what was typed kept.
    const form = page.getByRole("form", { name: "Add an endpoint" });
    await form.getByLabel("URL").fill("https://crm.example.com/hooks");
    await form.getByLabel("Description").fill("CRM");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText("Choose at least one event.").waitFor();
    await expect(form.getByLabel("URL").inputValue()).resolves.toBe(
      "https://crm.example.com/hooks",
    );
    await expect(page.getByTestId("webhook-endpoint").count()).resolves.toBe(0);

    // With events: added, and on its own page.
    await form.getByLabel("Order paid").check();
    await form.getByLabel("Ticket checked in").check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await page.waitForURL(/\/business\/webhooks\/[0-9a-f-]{36}\?added$/);
    const endpointId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await waitForHydration(page);
    await expect(page.getByTestId("webhook-url").textContent()).resolves.toBe(
      "https://crm.example.com/hooks",
    );
    await page.getByText("The endpoint is added.").waitFor();

    // The secret is not in the page until asked for; then shown whole, and copied.
    const { secret } = await callFunction<{ secret: string }>(
      base,
      "webhooks.get",
      { endpointId },
      ownerId,
    );
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(await page.content()).not.toContain(secret);
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(page.getByTestId("webhook-secret").textContent()).resolves.toBe(secret);
    await page.getByRole("button", { name: "Copy secret" }).click();
    await page.getByText("Secret copied").waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await expect(page.getByTestId("webhook-verify-hint").textContent()).resolves.toContain(
      "webhook-signature",
    );

    // A test: queued, pending in the log (the worker sends it; this page does not wait).
    await page.getByTestId("webhook-deliveries-empty").waitFor();
    await page.getByRole("button", { name: "Send a test" }).click();
    const delivery = page.getByTestId("webhook-delivery");
    await delivery.first().waitFor();
    await expect(delivery.count()).resolves.toBe(1);
    await expect(delivery.getByTestId("webhook-delivery-status").textContent()).resolves.toBe(
      "Pending",
    );
    await expect(delivery.textContent()).resolves.toContain("webhook.test");
    await fitsThePhone(page);

    // Its events changed: saved, and read back from the server.
    const events = page.getByRole("form", { name: "Events sent to this endpoint" });
    await events.getByLabel("Ticket checked in").uncheck();
    await events.getByLabel("Order refunded").check();
    await events.getByRole("button", { name: "Save events" }).click();
    await events.getByText("Saved.").waitFor();
    const saved = await callFunction<{ items: WebhookEndpointView[] }>(
      base,
      "webhooks.list",
      null,
      ownerId,
    );
    expect(saved.items.map((e) => e.events)).toEqual([["order.paid", "order.refunded"]]);

    // Switched off: said so, and a test is refused with why.
    await page.getByRole("button", { name: "Switch off" }).click();
    await page.getByRole("button", { name: "Switch on" }).waitFor();
    await expect(page.getByTestId("webhook-state").textContent()).resolves.toContain("Off");
    await page.getByRole("button", { name: "Send a test" }).click();
    await page.getByText("This endpoint is switched off. Switch it on first.").waitFor();
    const log = await callFunction<WebhookDeliveryPage>(
      base,
      "webhooks.deliveries",
      { endpointId },
      ownerId,
    );
    expect(log.items.map((d) => [d.type, d.status])).toEqual([["webhook.test", "pending"]]);

    // The endpoint's page, on a phone, in light and dark.
    await axeClean(page, async (p) => {
      await p.getByTestId("webhook-delivery").first().waitFor();
    });
    await fitsThePhone(page);

    // The list shows it off, with its events.
    await page.goto(`${base}${webhooksPath}`);
    await waitForHydration(page);
    const card = page.getByTestId("webhook-endpoint");
    await expect(card.textContent()).resolves.toContain("Order refunded");
    await expect(page.getByTestId("webhooks-count").textContent()).resolves.toBe(
      "1 of 10 endpoints",
    );
    await axeClean(page, async (p) => {
      await p.getByTestId("webhook-endpoint").waitFor();
    });

    // Deleted after a confirmation: back to the empty list.
    await page.goto(`${base}${webhookPath(endpointId)}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await page.waitForURL(`${base}${webhooksPath}?deleted`);
    await page.getByTestId("webhooks-empty").waitFor();
    const after = await callFunction<{ items: WebhookEndpointView[] }>(
      base,
      "webhooks.list",
      null,
      ownerId,
    );
    expect(after.items).toEqual([]);
    await page.close();
  }, 120_000);
});
