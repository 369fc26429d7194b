import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { cardEvent } from "./card-helpers.ts";
import { callFunction, signInAs } from "./session.ts";

/**
 * The buyer cancels one ticket of a booking paid by card, from /order (issue 25), in
 * Chromium against the Stripe test peer: the dialog's quote, the cancel, the refund.
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

describe("the buyer's cancellation (issue 25)", () => {
  it("cancels one ticket of a card-paid booking from /order and sees its refund", async () => {
    const event = await cardEvent(base, "Refund Night", {
      event: { cancellationDeadlineHours: 24 },
    });
    const page = await newPage(browser, { mobile: true });
    const { userId } = await signInAs(page, base, { name: "Rita Refund" });
    await page.goto(`${base}/booking/${event.shortId}`);
    await waitForHydration(page);
    await page.getByLabel("Standard", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Hold tickets" }).click();
    await page.getByLabel("Ticket 2 (Standard): attendee's name").fill("Sam Second");
    await page.getByRole("button", { name: "Pay €25.60" }).click();
    await page.waitForURL((url) => url.href.startsWith(peerURL));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/booking_refrence\?reference=/);
    const reference = new URL(page.url()).searchParams.get("reference") ?? "";
    await page.getByText(/^You can cancel until .*, with a full refund/).waitFor();

    await page.goto(`${base}/order`);
    await waitForHydration(page);
    const row = page.getByRole("listitem").filter({ hasText: reference });
    await row.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel booking ${reference}` });
    await dialog.getByText("You get €25.60 back.").waitFor();
    await dialog.getByLabel("Sam Second (Standard)").uncheck();
    await dialog.getByText("You get €12.80 back.").waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await dialog.getByRole("button", { name: "Cancel 1 ticket" }).click();
    await dialog.getByText("1 ticket cancelled. €12.80 refunded to your card.").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();

    const booking = await call<{ tickets: { attendeeName: string; status: string }[] }>(
      "bookings.get",
      { reference },
      userId,
    );
    expect(booking.tickets.map((t) => [t.attendeeName, t.status])).toEqual([
      ["Rita Refund", "cancelled"],
      ["Sam Second", "valid"],
    ]);
    await page.close();
  });
});
