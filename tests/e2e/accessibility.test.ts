import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { signInAs, signInAsOwner } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const pages = [
  { path: "/", name: "home" },
  { path: "/login", name: "sign-in" },
  { path: "/no/such/page", name: "404" },
  // Running text with links, and a form control.
  { path: "/privacy_policy", name: "privacy policy" },
  { path: "/setting", name: "settings" },
];
const cases = (["light", "dark"] as const).flatMap((scheme) =>
  pages.map((page) => ({ ...page, scheme })),
);

describe("accessibility (axe-core: no serious or critical violation)", () => {
  it.for(cases)("the $name page in $scheme mode", async ({ path, scheme }) => {
    const page = await newPage(browser);
    // The theme follows the system until the user picks one.
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${baseURL}${path}`);
    await waitForHydration(page);
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(
      scheme,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it.for(["light", "dark"] as const)("the phone menu in %s mode", async (scheme) => {
    const page = await newPage(browser, { mobile: true });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it.for(["light", "dark"] as const)(
    "the phone home with its filters open, and an owner's phone menu, in %s mode",
    async (scheme) => {
      const page = await newPage(browser, { mobile: true });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${baseURL}/`);
      await waitForHydration(page);
      await page.getByRole("button", { name: /^Filters/ }).click();
      await page.getByLabel("Category").waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await signInAsOwner(page, baseURL, `Axe Owner ${scheme}`);
      await page.goto(`${baseURL}/`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Open navigation" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    },
  );

  it.for(["light", "dark"] as const)("sign-in while signed in, in %s mode", async (scheme) => {
    const page = await newPage(browser);
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, baseURL, { name: "Axe Person" });
    await page.goto(`${baseURL}/login?redirect=/order`);
    await waitForHydration(page);
    await page.getByTestId("signed-in-notice").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
