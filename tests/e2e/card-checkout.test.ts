import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { cardEvent } from "./card-helpers.ts";
import { callFunction, signInAs } from "./session.ts";

/**
 * Paying by card inside the hold (issue 24), in Chromium against the Stripe test peer
 * (started by global-setup.ts; the server's SDK points at it). The browser uses the
 * server's public address (PUBLIC_URL: http://localhost:{port}): the payment page sends
 * the buyer back there, and the session cookies must be the same ones.
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

type CardEvent = { shortId: string; path: string; eventId: string };

/** A card-paid event (card-helpers.ts: €12.80 a ticket) and its public page's path. */
async function cardEventWithPath(title: string): Promise<CardEvent> {
  const { eventId, shortId } = await cardEvent(base, title);
  const page = await call<{ path: string }>("events.get", { id: shortId });
  return { shortId, path: page.path, eventId };
}

const countdown = (page: Page) => page.getByText(/^Held for you for \d+:\d\d$/);

/** Minutes on the hold's countdown ("Held for you for 29:41" → 29). */
async function minutesHeld(page: Page): Promise<number> {
  const text = (await countdown(page).textContent()) ?? "";
  return Number(/for (\d+):/.exec(text)?.[1] ?? "0");
}

/** Signs a new buyer in, holds one ticket and fills the name: the page shows "Pay €12.80". */
async function holdOne(event: CardEvent, name: string): Promise<{ page: Page; userId: string }> {
  const page = await newPage(browser, { mobile: true });
  const { userId } = await signInAs(page, base, { name });
  await page.goto(`${base}/booking/${event.shortId}`);
  await waitForHydration(page);
  await page.getByLabel("Standard", { exact: true }).selectOption("1");
  await page.getByRole("button", { name: "Hold tickets" }).click();
  await countdown(page).waitFor();
  return { page, userId };
}

/** From the hold to the peer's hosted page. */
async function goToPay(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Pay €12.80" }).click();
  await page.waitForURL((url) => url.href.startsWith(peerURL));
}

describe("card checkout inside the hold (issue 24)", () => {
  let event: CardEvent;
  beforeAll(async () => {
    event = await cardEventWithPath("Card Night");
  });

  it("shows the all-in price first, with what it includes", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.goto(`${base}${event.path}`);
    await page.getByText("€12.80", { exact: true }).waitFor();
    await expect(page.getByText("incl. €0.80 booking fee").count()).resolves.toBe(1);
    await expect(page.getByText("€12.00", { exact: true }).count()).resolves.toBe(0);
    await page.goto(`${base}/?q=${encodeURIComponent("Card Night")}`);
    await page.getByText("From €12.80").waitFor();
    await page.close();
  });

  it("holds, pays on the provider's page, confirms on return and shows the booking paid by card", async () => {
    const { page, userId } = await holdOne(event, "Carla Card");
    // The split: the ticket, the booking fee, the total, and the button with the total.
    const lines = page.locator("section").filter({ hasText: "Your tickets" });
    await expect(lines.getByText("1 × Standard").count()).resolves.toBe(1);
    await expect(lines.getByText("Booking fee").count()).resolves.toBe(1);
    await expect(lines.getByText("€0.80").count()).resolves.toBe(1);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await goToPay(page);
    await page.getByText("Pay 12.80 EUR").waitFor();

    // Meanwhile, another tab on the return address before the payment: it waits and asks.
    const hold = await call<{ id: string }>("holds.current", { eventId: event.shortId }, userId);
    const quote = await call<{ checkout: { checkoutId: string } | null }>(
      "payments.quote",
      { holdId: hold.id },
      userId,
    );
    const checkoutId = quote.checkout?.checkoutId ?? "";
    expect(checkoutId).not.toBe("");
    const waiting = await page.context().newPage();
    await waiting.goto(`${base}/booking/${event.shortId}?checkout=${checkoutId}`);
    await waitForHydration(waiting);
    const status = waiting.getByRole("status").filter({ hasText: "Confirming your payment…" });
    await status.waitFor();
    await expect(seriousViolations(waiting)).resolves.toEqual([]);

    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/booking_refrence\?reference=/);
    await page.getByText("Paid by card").waitFor();
    await expect(page.getByText("Carla Card").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText("Booking fee").count()).resolves.toBe(1);
    await expect(page.getByText("€12.80").count()).resolves.toBeGreaterThan(0);
    // The waiting tab went on to the same booking by itself (it re-asks every 1.5 s).
    await waiting.waitForURL(page.url(), { timeout: 15_000 });
    await waiting.close();
    await page.close();
  });

  it("comes back to the hold, still live, when the buyer cancels on the provider's page", async () => {
    const { page } = await holdOne(event, "Cyril Cancel");
    await goToPay(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.searchParams.get("back") === "1");
    await page
      .getByText(/^Payment cancelled\. Your tickets are still held until \d\d:\d\d\.$/)
      .waitFor();
    // The hold lasts as long as the checkout (30 minutes at least), and shows it.
    expect(await minutesHeld(page)).toBeGreaterThanOrEqual(25);
    await expect(page.getByRole("button", { name: "Pay €12.80" }).count()).resolves.toBe(1);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.close();
  });

  it("shows a declined card's message on our page, with the hold still live", async () => {
    const { page } = await holdOne(event, "Dora Declined");
    await goToPay(page);
    await page.getByRole("button", { name: "Pay with a declined card" }).click();
    await page.getByText("Your card was declined.").first().waitFor();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.searchParams.get("back") === "1");
    const alert = page.getByRole("alert").filter({ hasText: "declined" });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain("still held until");
    await countdown(page).waitFor();
    await expect(page.getByRole("button", { name: "Pay €12.80" }).count()).resolves.toBe(1);
    await page.close();
  });

  it("pays without JavaScript too: the form's redirect to the payment page is allowed", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const page = await context.newPage();
    await signInAs(page, base, { name: "Nora Noscript" });
    await page.goto(`${base}/booking/${event.shortId}`);
    await page.getByLabel("Standard", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Hold tickets" }).click();
    await countdown(page).waitFor();
    await page.getByLabel("Ticket 2 (Standard): attendee's name").fill("Noah Guest");
    // A plain form post answered by a redirect to another origin: CSP form-action allows it.
    await page.getByRole("button", { name: "Pay €25.60" }).click();
    await page.waitForURL((url) => url.href.startsWith(peerURL));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/booking_refrence\?reference=/);
    await page.getByText("Paid by card").waitFor();
    await expect(page.getByText("Noah Guest").count()).resolves.toBe(1);
    await context.close();
  });
});
