import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage } from "./browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("application shell", () => {
  it("renders the home screen with its title and hydrates without CSP errors", async () => {
    const page = await newPage(browser);
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") cspErrors.push(message.text());
    });
    const response = await page.goto(`${baseURL}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Upcoming events",
    );
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(cspErrors).toEqual([]);
    await page.close();
  });

  it("shows the Page Not Found page with the path for an unknown path", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/no/such/page?x=1`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Page Not Found",
    );
    await expect(page.getByText("Page not found: /no/such/page").count()).resolves.toBe(1);
    await page.close();
  });
});
