import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { seedScreens } from "./screens.ts";
import { signInAs } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const colorScheme = (page: Page) => page.locator("html").getAttribute("data-mantine-color-scheme");

/** A real session (test.signInAs): a made-up css_tk no longer passes the gate. */
async function signIn(page: Page) {
  await signInAs(page, baseURL);
}

describe("every screen of the seed spec", () => {
  // One visitor's page and one signed-in page, visiting the screens in turn: a new
  // context and a sign-in per screen cost more than the checks themselves.
  const pages: { visitor?: Page; member?: Page } = {};
  beforeAll(async () => {
    pages.visitor = await newPage(browser);
    pages.member = await newPage(browser);
    await signIn(pages.member);
  });

  it.for(seedScreens)("$path answers 200 with its title", async ({ path, title, gated }) => {
    const page = (gated ? pages.member : pages.visitor) as Page;
    const response = await page.goto(`${baseURL}${path}`);
    expect({ path, status: response?.status(), url: page.url() }).toEqual({
      path,
      status: 200,
      url: `${baseURL}${path}`,
    });
    await expect(heading(page)).resolves.toBe(title);
    await expect(page.title()).resolves.toBe(`${title} · Tickets`);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Tickets" }).count(),
    ).resolves.toBe(1);
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).count(),
    ).resolves.toBe(1);
  });

  it("sends a visitor without a session from a gated screen to sign in", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/booking/abc`);
    expect(page.url()).toBe(`${baseURL}/login?redirect=%2Fbooking%2Fabc`);
    await expect(heading(page)).resolves.toBe("Sign in");
    await page.close();
  });

  it("answers an event id that names no event with the 404 page", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/some-event`);
    expect(response?.status()).toBe(404);
    await expect(heading(page)).resolves.toBe("Page Not Found");
    await expect(page.getByText("Page not found: /some-event").count()).resolves.toBe(1);
    await page.close();
  });
});

describe("application shell", () => {
  it("renders the home screen and hydrates without console errors", async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(`${baseURL}/`);
    expect(response?.status()).toBe(200);
    await expect(heading(page)).resolves.toBe("Upcoming events");
    await waitForHydration(page);
    // A client-side navigation and back exercises the router after hydration too.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Upcoming" })
      .click();
    await page.waitForURL(`${baseURL}/upcomming`);
    await page.goBack();
    await page.waitForURL(`${baseURL}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("navigates from the header and marks the current screen", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "For businesses" }).click();
    await page.waitForURL(`${baseURL}/business/form`);
    // The router changes the URL first, then renders the new screen.
    await expect.poll(() => heading(page)).toBe("Apply as a business");
    await expect(
      nav.getByRole("link", { name: "For businesses" }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    await page.getByRole("banner").getByRole("link", { name: "Tickets" }).click();
    await page.waitForURL(`${baseURL}/`);
    await expect.poll(() => heading(page)).toBe("Upcoming events");
    await page.close();
  });

  it("switches to the dark theme and keeps it after a reload", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const toggle = page.locator("header button[data-theme-toggle]");
    await expect(colorScheme(page)).resolves.toBe("light");

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(colorScheme(page)).resolves.toBe("dark");

    await page.reload();
    await expect(colorScheme(page)).resolves.toBe("dark");
    await waitForHydration(page);

    await toggle.click();
    await expect(colorScheme(page)).resolves.toBe("light");
    await page.close();
  });

  it("names the theme switch after what it will do, before and after switching", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const named = (name: string) => page.getByRole("button", { name, exact: true }).count();
    await expect(named("Switch to dark theme")).resolves.toBe(1);
    await expect(named("Switch to light theme")).resolves.toBe(0);

    await page.locator("header button[data-theme-toggle]").click();
    await expect.poll(() => named("Switch to light theme")).toBe(1);
    await expect(named("Switch to dark theme")).resolves.toBe(0);
    await page.close();
  });

  it("keeps the header's switch and the settings' theme choice in step", async () => {
    const page = await newPage(browser);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${baseURL}/setting`);
    await waitForHydration(page);
    const choice = (name: string) => page.getByRole("radio", { name, exact: true }).isChecked();
    await expect(choice("System")).resolves.toBe(true);
    // The header's switch (outside Mantine's provider) moves the settings' control...
    await page.getByRole("button", { name: "Switch to dark theme", exact: true }).click();
    await expect.poll(() => choice("Dark")).toBe(true);
    await expect(colorScheme(page)).resolves.toBe("dark");
    // ...and the settings' control (inside it) renames the header's switch.
    await page.getByText("Light", { exact: true }).click();
    await expect.poll(() => colorScheme(page)).toBe("light");
    await expect
      .poll(() => page.getByRole("button", { name: "Switch to dark theme", exact: true }).count())
      .toBe(1);
    // On a page without the provider (/) the choice holds after a client-side navigation.
    await page.getByRole("banner").getByRole("link", { name: "Tickets" }).click();
    await page.waitForURL(`${baseURL}/`);
    await expect(colorScheme(page)).resolves.toBe("light");
    await page.close();
  });

  it("applies the stored theme before any script of the app runs (no flash)", async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => localStorage.setItem("mantine-color-scheme-value", "dark"));
    // Without the app's scripts nothing hydrates: only the inline head script can act.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${baseURL}/`);
    await expect(colorScheme(page)).resolves.toBe("dark");
    await page.close();
  });

  it("opens the navigation from the burger on a phone", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);

    await page.getByRole("button", { name: "Open navigation" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    for (const name of ["Events", "Upcoming", "My orders", "For businesses", "Sign in"]) {
      await expect(menu.getByRole("link", { name }).isVisible()).resolves.toBe(true);
    }
    await menu.getByRole("link", { name: "Upcoming" }).click();
    await page.waitForURL(`${baseURL}/upcomming`);
    await expect.poll(() => heading(page)).toBe("Upcoming");
    await menu.waitFor({ state: "hidden" });
    await page.close();
  });

  it("lets a keyboard user skip to the main content", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/privacy_policy`);
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main-content");
    await page.close();
  });
});
