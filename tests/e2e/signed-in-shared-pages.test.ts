import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

/**
 * A signed-in person on a shared page (decision 032): the page is the visitor's, their
 * own header arrives from GET /session/viewer, and the visitor's "Sign in" never shows.
 */
const baseURL = inject("baseURL");
const { call, freeEvent, book } = ticketHelpers(baseURL);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds every answer of GET /session/viewer until `release` is called. */
async function holdViewer(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route("**/session/viewer*", async (route) => {
    asked++;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** By its address: a hidden link is not in the accessibility tree that roles search. */
const signInButton = (page: Page) => page.locator('header a[href="/login"]');

describe("a signed-in person on a shared page", () => {
  it("never sees the visitor's Sign in: hidden from the first paint until their name arrives", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Shared Page Sam" });
    const viewer = await holdViewer(page);
    const response = await page.goto(`${baseURL}/`);
    expect(response?.headers()["cache-control"]).toContain("public");
    await waitForHydration(page);
    // The page is the visitor's, but the button is hidden while the person is asked for.
    await expect(signInButton(page).count()).resolves.toBe(1);
    await expect(signInButton(page).isVisible()).resolves.toBe(false);
    expect(viewer.asked()).toBe(1);
    viewer.release();
    await expect(page.getByTestId("signed-in-user").textContent({ timeout: 10_000 })).resolves.toBe(
      "Shared Page Sam",
    );
    await expect(signInButton(page).count()).resolves.toBe(0);
    await page.close();
  });

  it("shows the person as soon as the page hydrates on the tab's next page, and asks again", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Second Page Sue" });
    await page.goto(`${baseURL}/`);
    await page.getByTestId("signed-in-user").waitFor({ timeout: 10_000 });
    const viewer = await holdViewer(page);
    await page.reload();
    await waitForHydration(page);
    // Known to this tab already: shown while the server is still being asked.
    await expect(page.getByTestId("signed-in-user").textContent()).resolves.toBe("Second Page Sue");
    expect(viewer.asked()).toBe(1);
    viewer.release();
    await page.close();
  });

  it("shows a visitor the Sign in button at once, and asks nobody", async () => {
    const page = await newPage(browser);
    const viewer = await holdViewer(page);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await expect(signInButton(page).isVisible()).resolves.toBe(true);
    expect(viewer.asked()).toBe(0);
    viewer.release();
    await page.close();
  });

  it("shows their own hold and tickets on an event's page, in the one answer that names them", async () => {
    const event = await freeEvent();
    const page = await newPage(browser);
    const { userId } = await signInAs(page, baseURL, { name: "Own Part Olu" });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/session/viewer")) asked.push(new URL(request.url()).search);
    });
    await page.goto(`${baseURL}/${event.shortId}`);
    await page.getByTestId("signed-in-user").waitFor({ timeout: 10_000 });
    // Neither a hold nor tickets: nothing of theirs on the page.
    await expect(page.getByTestId("your-part").count()).resolves.toBe(0);
    expect(asked).toEqual([`?event=${event.shortId}`]);

    await call(
      "holds.create",
      {
        eventId: event.shortId,
        items: [{ ticketTypeId: event.typeId, quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      },
      userId,
    );
    await page.reload();
    const part = page.getByTestId("your-part");
    await expect(part.textContent({ timeout: 10_000 })).resolves.toMatch(
      /You are holding 1 ticket until \d{1,2}:\d\d(?: [AP]M)?\. Finish booking/,
    );
    await part.getByRole("link", { name: "Finish booking" }).click();
    await page.waitForURL(`${baseURL}/booking/${event.shortId}`);

    const friend = await newPage(browser);
    const { userId: friendId } = await signInAs(friend, baseURL, { name: "Own Part Friend" });
    await book(friendId, event, 2);
    await friend.goto(`${baseURL}/${event.shortId}`);
    const friendPart = friend.getByTestId("your-part");
    await expect(friendPart.textContent({ timeout: 10_000 })).resolves.toBe(
      "You have 2 tickets for this event. See your tickets",
    );
    await friendPart.getByRole("link", { name: "See your tickets" }).click();
    await friend.waitForURL(`${baseURL}/my_ticket/${event.eventId}`);
    await friend.close();
    await page.close();
  });
});
