import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { revenuePath } from "#contract/paths.ts";
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

describe("revenue pages", () => {
  it("show no sales, then the figures, chart and tables; pass axe; download the CSV; 404 for another business", async () => {
    const page = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(page, baseURL, "Rita Revenue");
    const as = <T>(name: string, data: unknown) => helpers.call<T>(name, data, ownerId);
    const { eventId, shortId } = await as<{ eventId: string; shortId: string }>("events.create", {
      title: "Money Night",
      description: "Counted to the penny.",
      venueName: "The Till",
      venueAddress: "1 Coin Street, London",
      timeZone: "Europe/London",
      startsLocal: inTenDays(20),
      endsLocal: inTenDays(23),
      category: "music",
    });
    const seated = await as<{ id: string }>("ticketTypes.create", {
      eventId,
      name: "Seated",
      priceMinor: 1500,
      currency: "GBP",
      capacity: 50,
      perOrderLimit: 4,
    });
    await as("test.cardPaidEvent", { eventId });
    await as("events.publish", { eventId });

    // Before any sale: the empty state, in both schemes, and the link from the editor.
    await page.goto(`${baseURL}/business/events/${eventId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Revenue/ }).click();
    await page.waitForURL(`${baseURL}${revenuePath(eventId)}`);
    await page.getByText("No sales yet").waitFor();
    await helpers.axeInBothSchemes(page, `${baseURL}${revenuePath(eventId)}`);

    // Fee on this server: a card ticket of £15.00 is paid with its booking fee.
    await payByCard(shortId, seated.id);
    const view = await as<{
      totals: { grossMinor: number; feesMinor: number; netMinor: number }[];
    }>("orders.revenue", { eventId });
    const total = view.totals[0];
    if (!total) throw new Error("no totals");
    expect(total.grossMinor - total.feesMinor).toBe(1500);
    await page.goto(`${baseURL}${revenuePath(eventId)}`);
    await waitForHydration(page);
    expect(await page.getByTestId("revenue-net").textContent()).toContain("£15.00");
    await expect
      .poll(() => page.locator("[data-testid=revenue-chart] .recharts-bar-rectangle").count())
      .toBeGreaterThan(0);
    const byType = page.getByRole("table", { name: "By ticket type" });
    expect(await byType.getByRole("row", { name: /Seated/ }).textContent()).toContain("£15.00");
    await helpers.axeInBothSchemes(page, `${baseURL}${revenuePath(eventId)}`);
    await helpers.axeInBothSchemes(page, `${baseURL}${revenuePath()}`);
    await page.getByRole("table", { name: "By event" }).getByText("Money Night").waitFor();

    const csv = await page.request.get(`${baseURL}${revenuePath(eventId)}.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(
      `Total,GBP,,Money Night,,${total.grossMinor},${total.feesMinor},0,1500,1,0,0`,
    );
    expect((await page.request.get(`${baseURL}${revenuePath()}.csv`)).status()).toBe(200);

    // Another organiser: the page and the file are not there for them.
    const other = await newPage(browser, { mobile: true });
    await signInAsOwner(other, baseURL, "Otto Other");
    for (const path of [revenuePath(eventId), `${revenuePath(eventId)}.csv`]) {
      expect((await other.request.get(`${baseURL}${path}`)).status(), path).toBe(404);
    }
    expect((await other.request.get(`${baseURL}/business/events/nope/revenue`)).status()).toBe(404);
    await other.close();
    await page.close();
  }, 120_000);
});
