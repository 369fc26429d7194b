import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { cardHelpers } from "./card-helpers.ts";
import { signInAsOwner } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const { payByCard } = cardHelpers(baseURL, inject("stripePeerURL"));
const helpers = ticketHelpers(baseURL);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const inTenDays = (hour: number) =>
  `${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}T${hour}:00`;

describe("a cancelled event's refunds in the console", () => {
  it("shows every paid order refunded by the runner, axe clean in light and dark", async () => {
    const page = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(page, baseURL, "Cora Cancel");
    const as = <T>(name: string, data: unknown) => helpers.call<T>(name, data, ownerId);
    const { eventId, shortId } = await as<{ eventId: string; shortId: string }>("events.create", {
      title: "Rained Off",
      description: "An open-air night.",
      venueName: "The Field",
      venueAddress: "1 Meadow Lane, Leeds",
      timeZone: "Europe/London",
      startsLocal: inTenDays(19),
      endsLocal: inTenDays(22),
      category: "music",
    });
    const type = await as<{ id: string }>("ticketTypes.create", {
      eventId,
      name: "Standing",
      priceMinor: 2500,
      currency: "GBP",
      capacity: 20,
      perOrderLimit: 2,
    });
    await as("test.cardPaidEvent", { eventId });
    await as("events.publish", { eventId });
    const buyers = [
      await payByCard(shortId, type.id, "Ann"),
      await payByCard(shortId, type.id, "Ben"),
    ];

    await as("events.cancel", { eventId, reason: "Storm warning." });
    const editor = `${baseURL}/business/events/${eventId}`;
    await page.goto(editor);
    await waitForHydration(page);
    // The runner sends them within seconds; the section refreshes by itself meanwhile.
    await expect
      .poll(() => page.getByTestId("refund-progress").textContent(), { timeout: 30_000 })
      .toBe("Refunds: 2 of 2 sent");
    for (const { userId } of buyers) {
      const [booking] = (
        await helpers.call<{ bookings: { status: string; paymentStatus: string }[] }>(
          "bookings.listMine",
          null,
          userId,
        )
      ).bookings;
      expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    }
    await helpers.axeInBothSchemes(page, editor);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(editor);
      await waitForHydration(page);
      mkdirSync(`screenshots/phone-${scheme}`, { recursive: true });
      await page
        .getByRole("region", { name: "Refunds" })
        .screenshot({ path: `screenshots/phone-${scheme}/business_event_refunds.png` });
    }
    await page.close();
  }, 120_000);
});
