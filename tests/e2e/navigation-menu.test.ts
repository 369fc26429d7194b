import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { signInAs, signInAsOwner } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open navigation" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.waitFor();
  return menu;
}

const links = (scope: ReturnType<Page["getByRole"]>) =>
  scope
    .getByRole("link")
    .evaluateAll((found) =>
      found.map((link) => `${link.textContent} ${link.getAttribute("href")}`),
    );

describe("the menu for owners and signed-in people", () => {
  it("leads a business owner to the console, and reaches its sections on a phone", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAsOwner(page, baseURL, "Olive Owner");
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const menu = await openMenu(page);
    const found = await links(menu);
    expect(found).toContain("Business console /business");
    expect(found).not.toContain("For businesses /business/form");
    expect(found).toEqual(
      expect.arrayContaining([
        "Overview /business",
        "Events /business/events",
        "Messages /business/message",
      ]),
    );
    await menu.getByRole("link", { name: "Events", exact: true }).last().click();
    await page.waitForURL(`${baseURL}/business/events`);
    await page.close();
  });

  it("leads a business owner to the console from the desktop header", async () => {
    const page = await newPage(browser);
    await signInAsOwner(page, baseURL, "Otto Owner");
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Business console" }).click();
    await page.waitForURL(`${baseURL}/business`);
    await expect(nav.getByRole("link", { name: "For businesses" }).count()).resolves.toBe(0);
    await page.close();
  });

  it("offers the application form to someone without a business", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Pat Person" });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const found = await links(await openMenu(page));
    expect(found).toContain("For businesses /business/form");
    expect(found.some((link) => link.endsWith(" /business/events"))).toBe(false);
    await page.close();
  });

  it("links the profile from the phone menu, the desktop header and the footer", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Robin Reader" });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    expect(await links(page.getByRole("navigation", { name: "Footer" }))).toContain(
      "Your profile /profile",
    );
    const menu = await openMenu(page);
    await menu.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(`${baseURL}/profile`);

    const desktop = await newPage(browser);
    await signInAs(desktop, baseURL, { name: "Sam Desk" });
    await desktop.goto(`${baseURL}/`);
    await waitForHydration(desktop);
    await desktop.getByRole("link", { name: "Sam Desk: your profile" }).click();
    await desktop.waitForURL(`${baseURL}/profile`);
    await page.close();
    await desktop.close();
  });
});
