import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { signInAs } from "./session.ts";

/**
 * A signed-in person on a shared page (decision 032): the page is the visitor's, their
 * own header arrives from GET /session/viewer, and the visitor's "Sign in" never shows.
 */
const baseURL = inject("baseURL");
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
  await page.route("**/session/viewer", async (route) => {
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
});
