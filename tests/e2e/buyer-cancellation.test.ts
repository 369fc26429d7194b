import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, uniquePhone } from "./session.ts";

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

const inDays = (days: number, hour: number) =>
  `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/Paris").slice(0, 10)}T${hour}:00`;

/** A published event with one card-paid type at €12.00 (€12.80 with the booking fee). */
async function cardEvent(title: string): Promise<{ shortId: string }> {
  const { userId } = await call<{ userId: string }>("test.signInAs", {
    name: "Refund Organiser",
    phone: uniquePhone(),
  });
  await call(
    "businesses.apply",
    {
      name: `${title} Ltd`,
      type: "venue",
      contactPhone: "+33142685300",
      contactEmail: "refunds@example.com",
      address: "12 Rue de la Paix, Paris",
    },
    userId,
  );
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title,
      description: "Paid by card.",
      venueName: "Le Caveau",
      timeZone: "Europe/Paris",
      startsLocal: inDays(20, 20),
      endsLocal: inDays(20, 23),
      category: "music",
      cancellationDeadlineHours: 24,
    },
    userId,
  );
  await call(
    "ticketTypes.create",
    {
      eventId,
      name: "Standard",
      priceMinor: 1200,
      currency: "EUR",
      capacity: 20,
      perOrderLimit: 4,
    },
    userId,
  );
  await call("test.cardPaidEvent", { eventId }, userId);
  await call("events.publish", { eventId }, userId);
  return { shortId };
}

describe("the buyer's cancellation (issue 25)", () => {
  it("cancels one ticket of a card-paid booking from /order and sees its refund", async () => {
    const event = await cardEvent("Refund Night");
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
