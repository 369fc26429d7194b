import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, uniquePhone } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;
/** The event the first test makes, for the accessibility check. */
let eventPathForAxe = "";

/** Letters only, so the search parser keeps it as one word. */
function randomWord(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "zork";
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** Calls a function over HTTP, as `userId` when given. */
function call<T>(name: string, data: unknown, userId?: string): Promise<T> {
  return callFunction<T>(baseURL, name, data, userId);
}

const inDays = (days: number, hour: number) =>
  `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10)}T${hour}:00`;

/** An organiser with a published event (and a draft) made through the console's functions. */
async function organiserWithEvent(word: string) {
  const { userId } = await call<{ userId: string }>("test.signInAs", {
    name: "Discovery Organiser",
    phone: uniquePhone(),
  });
  await call(
    "businesses.apply",
    {
      name: "Harbour Lights Ltd",
      type: "venue",
      contactPhone: "+442071234567",
      contactEmail: "harbour@example.com",
      address: "2 Harbour Walk, Leeds",
    },
    userId,
  );
  const event = {
    title: "Harbour Lights Folk Evening",
    description: `Songs by the water with the ${word} trio.\n\n- Doors at 19:00`,
    venueName: "Harbour Stage",
    venueAddress: "2 Harbour Walk, Leeds",
    timeZone: "Europe/London",
    startsLocal: inDays(20, 19),
    endsLocal: inDays(20, 22),
    category: "music",
  };
  const published = await call<{ eventId: string; shortId: string }>(
    "events.create",
    event,
    userId,
  );
  await call(
    "ticketTypes.create",
    {
      eventId: published.eventId,
      name: "Standing",
      priceMinor: 1250,
      currency: "GBP",
      capacity: 8,
      perOrderLimit: 4,
    },
    userId,
  );
  await call("events.publish", { eventId: published.eventId }, userId);
  const draft = await call<{ eventId: string; shortId: string }>(
    "events.create",
    { ...event, title: `Unpublished ${word}` },
    userId,
  );
  return { published, draft, userId };
}

async function searchFor(page: Page, text: string) {
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.getByLabel("Search", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("discovery (issue 4)", () => {
  it("finds an event by a word of its description, opens it, and offers its calendar file", async () => {
    const word = randomWord();
    const { published, draft, userId } = await organiserWithEvent(word);
    const page = await newPage(browser);
    await searchFor(page, word);
    await page.getByRole("heading", { name: "1 event matches your search" }).waitFor();
    const cards = page.locator("article");
    await expect(cards.count()).resolves.toBe(1);
    await expect(cards.first().textContent()).resolves.toContain("From £12.50");
    // Eight tickets: "few left" from the start.
    await expect(cards.first().getByText("Few left").count()).resolves.toBe(1);
    // The URL holds the search: the same address gives the same list.
    const shared = page.url();
    const again = await newPage(browser);
    await again.goto(shared);
    await expect(again.locator("article").count()).resolves.toBe(1);
    await again.close();

    await page.getByRole("link", { name: "Harbour Lights Folk Evening" }).click();
    await page.waitForURL(`${baseURL}/harbour-lights-folk-evening-${published.shortId}`);
    await page.getByRole("heading", { level: 1, name: "Harbour Lights Folk Evening" }).waitFor();
    await expect(page.getByText("Harbour Stage").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText("£12.50").count()).resolves.toBe(1);
    await expect(page.getByText("8 left").count()).resolves.toBe(1);
    await expect(
      page.getByRole("link", { name: "Book tickets" }).getAttribute("href"),
    ).resolves.toBe(`/booking/${published.shortId}`);
    await expect(page.locator('meta[property="og:title"]').getAttribute("content")).resolves.toBe(
      "Harbour Lights Folk Evening",
    );
    await expect(page.title()).resolves.toBe("Harbour Lights Folk Evening · Tickets");
    // Link previews point at the configured address (PUBLIC_URL: localhost by default),
    // not at the host this request happened to use (127.0.0.1).
    await expect(page.locator('meta[property="og:url"]').getAttribute("content")).resolves.toBe(
      `http://localhost:${new URL(baseURL).port}/harbour-lights-folk-evening-${published.shortId}`,
    );
    eventPathForAxe = `/harbour-lights-folk-evening-${published.shortId}`;

    const calendarHref = await page
      .getByRole("link", { name: "Add to calendar" })
      .getAttribute("href");
    const ics = await fetch(`${baseURL}${calendarHref}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("content-disposition")).toBe(
      `attachment; filename="harbour-lights-folk-evening-${published.shortId}.ics"`,
    );
    const text = await ics.text();
    expect(text).toContain(`UID:event-${published.shortId}@`);
    expect(text).toContain("SUMMARY:Harbour Lights Folk Evening\r\n");

    // The bare short id redirects to the canonical address; a draft is nobody's business.
    const bare = await fetch(`${baseURL}/${published.shortId}`, {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36" },
    });
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe(`/harbour-lights-folk-evening-${published.shortId}`);
    const hidden = await page.goto(`${baseURL}/${draft.shortId}`);
    expect(hidden?.status()).toBe(404);

    // Cancelled: the page says so, nothing can be booked, and it leaves the list.
    await call("events.cancel", { eventId: published.eventId }, userId);
    await page.goto(`${baseURL}/harbour-lights-folk-evening-${published.shortId}`);
    await expect(page.getByText("This event has been cancelled.").count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Book tickets" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Book tickets" }).count()).resolves.toBe(0);
    await page.goto(`${baseURL}/?q=${word}`);
    await page.getByRole("heading", { name: "0 events match your search" }).waitFor();
    await page.close();
  });

  it("lists the demo's events with prices and badges, and filters by category", async () => {
    const page = await newPage(browser);
    await searchFor(page, "candlelight");
    await page.getByRole("heading", { name: "1 event matches your search" }).waitFor();
    await expect(page.locator("article").first().textContent()).resolves.toContain(
      "Fado by the River",
    );
    await page.goto(`${baseURL}/?q=techno`);
    const techno = page.locator("article").first();
    await expect(techno.getByText("Sold out").count()).resolves.toBe(1);
    await page.goto(`${baseURL}/?category=food`);
    const titles = await page.locator("article h3").allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining(["Sunday Farmers' Market", "Wine Tasting: Wines of the Douro"]),
    );
    expect(titles).not.toContain("Fado by the River");
    await page.goto(`${baseURL}/?q=${randomWord()}`);
    await expect(page.getByText("No events match these filters.").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "Clear the filters" }).click();
    await page.getByRole("heading", { name: /events coming up$/ }).waitFor();
    await expect(page.locator("article").count()).resolves.toBeGreaterThan(0);
    await page.close();
  });

  it("has no serious accessibility violation on the list and the event page", async () => {
    expect(eventPathForAxe).not.toBe("");
    for (const path of ["/?q=harbour", eventPathForAxe]) {
      const page = await newPage(browser);
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(`${baseURL}${path}`);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it("answers an id that names no event with the 404 page", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/made-up-event-zzzzzzzz`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Page Not Found",
    );
    const ics = await fetch(`${baseURL}/zzzzzzzz/calendar.ics`, {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36" },
    });
    expect(ics.status).toBe(404);
    await page.close();
  });
});
