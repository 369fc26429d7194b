import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { signInAs } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("sign-in and registration screens for someone already signed in", () => {
  it.for(["/login", "/register"])(
    "%s says who is signed in and continues to the redirect",
    async (path) => {
      const page = await newPage(browser);
      await signInAs(page, baseURL, { name: "Ada Lovelace" });
      await page.goto(`${baseURL}${path}?redirect=/upcomming`);
      await waitForHydration(page);
      const notice = page.getByTestId("signed-in-notice");
      await expect(notice.textContent()).resolves.toContain("You are signed in as Ada Lovelace");
      await expect(page.locator('input[name="password"]').count()).resolves.toBe(0);
      await notice.getByRole("link", { name: "Continue" }).click();
      await page.waitForURL(`${baseURL}/upcomming`);
      await page.close();
    },
  );

  it("goes on to the events without a redirect, and signing out shows the form again", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Alan Turing" });
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    const notice = page.getByTestId("signed-in-notice");
    await expect(
      notice.getByRole("link", { name: "Go to events" }).getAttribute("href"),
    ).resolves.toBe("/");
    await notice.getByRole("button", { name: "Sign out" }).click();
    await page.locator('input[name="password"]').waitFor();
    expect(page.url()).toBe(`${baseURL}/login`);
    await expect(page.getByTestId("signed-in-notice").count()).resolves.toBe(0);
    await page.close();
  });

  it("mentions no external identity provider on /login when none is configured", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).toContain("Sign in with your phone number or email address and your password");
    expect(main).not.toMatch(/identity provider|Sign in with OpenID/i);
    await page.close();
  });
});
