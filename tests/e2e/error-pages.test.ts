import type { Browser, Page } from "playwright-core";
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

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("error pages (seed spec section 2)", () => {
  it("shows the Page Not Found page with the path for an unknown path", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/no/such/page?x=1`);
    expect(response?.status()).toBe(404);
    await expect(heading(page)).resolves.toBe("Page Not Found");
    await expect(page.getByText("Page not found: /no/such/page").count()).resolves.toBe(1);
    await expect(page.getByText("404", { exact: true }).count()).resolves.toBe(1);
    await expect(page.title()).resolves.toBe("Page Not Found · Tickets");
    // The page keeps the shell, so the visitor can find their way on.
    await expect(page.getByRole("navigation", { name: "Main" }).count()).resolves.toBe(1);
    await page.close();
  });

  it("shows the Internal Server Error page with status 500 when a page fails", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/__test/fail`);
    expect(response?.status()).toBe(500);
    await expect(heading(page)).resolves.toBe("Internal Server Error");
    await expect(page.getByText("500", { exact: true }).count()).resolves.toBe(1);
    await expect(page.title()).resolves.toBe("Internal Server Error · Tickets");
    // No internals leak to the visitor.
    await expect(page.getByText("fails on purpose").count()).resolves.toBe(0);
    await page.close();
  });

  describe("for a bot user agent", () => {
    const cases = [
      { path: "/no/such/page", status: 404 },
      { path: "/some-event", status: 404 },
      { path: "/__test/fail", status: 500 },
    ];
    it.for(cases)("$path answers $status with a bare body", async ({ path, status }) => {
      const response = await fetch(`${baseURL}${path}`, { headers: { "User-Agent": googlebot } });
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      await expect(response.text()).resolves.toBe(String(status));
    });

    it("still gets the page of a screen that exists", async () => {
      const response = await fetch(`${baseURL}/privacy_policy`, {
        headers: { "User-Agent": googlebot },
      });
      expect(response.status).toBe(200);
      await expect(response.text()).resolves.toContain("<h1");
    });
  });
});
