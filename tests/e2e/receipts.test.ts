import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { cardEvent } from "./card-helpers.ts";
import { callFunction, signInAs } from "./session.ts";

/**
 * The receipt of a booking paid by card (issue 25), in Chromium against the Stripe test
 * peer: from the booking's "Receipt" link to the page and its PDF, for the buyer only.
 */
const base = inject("baseURL").replace("127.0.0.1", "localhost");
const peerURL = inject("stripePeerURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const call = <T>(name: string, data: unknown, userId?: string) =>
  callFunction<T>(base, name, data, userId);

describe("the receipt of a booking paid by card (issue 25)", () => {
  it("links from the booking to its receipt, with its invoice and PDF; axe clean in light and dark; 404 for anyone else", async () => {
    const event = await cardEvent(base, "Receipt Night", { invoices: true });
    const page = await newPage(browser, { mobile: true });
    const { userId } = await signInAs(page, base, { name: "Rita Receipt" });
    const hold = await call<{ id: string }>(
      "holds.create",
      {
        eventId: event.shortId,
        items: [{ ticketTypeId: event.typeId, quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      },
      userId,
    );
    const { url, checkoutId } = await call<{ url: string; checkoutId: string }>(
      "payments.startCheckout",
      { holdId: hold.id, attendees: [{ name: "Rita Receipt" }, { name: "A Friend" }] },
      userId,
    );
    // Paid at the peer without its webhook: the return page settles it, reading the
    // payment with its charge (the card's last 4 digits; a webhook carries ids only).
    const paid = await fetch(`${peerURL}/__peer/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: new URL(url).pathname.split("/").pop(), deliver: false }),
    });
    expect(paid.ok).toBe(true);
    await page.goto(`${base}/booking/${event.shortId}?checkout=${checkoutId}`);
    await page.waitForURL(/\/booking_refrence\?reference=/);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Receipt", exact: true }).click();
    await page.waitForURL(/\/receipt\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const receiptUrl = page.url();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(receiptUrl);
      await waitForHydration(page);
      await page.getByText("Paid by card ending 4242").waitFor();
      await expect(page.getByText("Receipt Night Ltd").count()).resolves.toBe(1);
      await expect(page.getByText("Tax id: FR40303265045").count()).resolves.toBe(1);
      await expect(page.getByText("2 × Standard").count()).resolves.toBe(1);
      await expect(page.getByText("€25.60").count()).resolves.toBeGreaterThan(0);
      await page.getByRole("link", { name: "Invoice INV-000001 (PDF)" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
    const pdf = await page.request.get(`${receiptUrl}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await page.close();

    const stranger = await newPage(browser, { mobile: true });
    await signInAs(stranger, base, { name: "Nosy Neighbour" });
    const other = await stranger.goto(receiptUrl);
    expect(other?.status()).toBe(404);
    expect((await stranger.request.get(`${receiptUrl}/pdf`)).status()).toBe(404);
    await stranger.close();
  }, 90_000);

  it("lets the organiser turn invoices on with a tax id on /business/payments; axe clean in light and dark", async () => {
    const page = await newPage(browser, { mobile: true });
    const { userId } = await signInAs(page, base, { name: "Ivo Invoices" });
    await call(
      "businesses.apply",
      {
        name: "Ivo Hall",
        type: "venue",
        contactPhone: "+33142685300",
        contactEmail: "ivo@example.com",
        address: "3 Rue du Bac, Paris",
      },
      userId,
    );
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${base}/business/payments`);
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Invoices" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByLabel("Issue numbered invoices").check();
    await page.getByLabel("Tax id").fill("X");
    await page.getByRole("button", { name: "Save invoice settings" }).click();
    await page.getByText("A tax id has 2 to 32 characters.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Tax id").fill("  FR40303265045 ");
    await page.getByRole("button", { name: "Save invoice settings" }).click();
    await page.getByText(/^Invoices are on/).waitFor();
    await expect(call("invoices.settings", null, userId)).resolves.toEqual({
      invoicesEnabled: true,
      taxId: "FR40303265045",
    });
    await page.close();
  }, 60_000);
});
