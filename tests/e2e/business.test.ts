import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  launchChromium,
  newPage as openPage,
  seriousViolations,
  waitForHydration,
} from "./browser.ts";
import { signInAs } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// Each test's pages close before the browser does (closing a page closes its context).
const openPages: Page[] = [];
async function newPage(...args: Parameters<typeof openPage>): Promise<Page> {
  const page = await openPage(...args);
  openPages.push(page);
  return page;
}
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

const typed = {
  name: "The Blue Door",
  phone: "020 7946 0018",
  email: "hello@bluedoor.example",
  address: "12 Canal Street, Manchester M1 3HE",
  description: "Jazz and folk nights by the canal.",
};

async function fillBusinessForm(page: Page, values: typeof typed) {
  await page.getByLabel("Business name").fill(values.name);
  await page.getByLabel("Type of business").selectOption("venue");
  await page.getByLabel(/^Country/).selectOption("GB");
  await page.getByLabel("Contact phone number").fill(values.phone);
  await page.getByLabel("Contact email address").fill(values.email);
  await page.getByLabel(/^Address/).fill(values.address);
  await page.getByLabel("Description (optional)").fill(values.description);
}

async function expectFormHolds(page: Page, values: typeof typed) {
  await expect(page.getByLabel("Business name").inputValue()).resolves.toBe(values.name);
  await expect(page.getByLabel("Type of business").inputValue()).resolves.toBe("venue");
  await expect(page.getByLabel(/^Country/).inputValue()).resolves.toBe("GB");
  await expect(page.getByLabel("Contact phone number").inputValue()).resolves.toBe(values.phone);
  await expect(page.getByLabel("Contact email address").inputValue()).resolves.toBe(values.email);
  await expect(page.getByLabel(/^Address/).inputValue()).resolves.toBe(values.address);
  await expect(page.getByLabel("Description (optional)").inputValue()).resolves.toBe(
    values.description,
  );
}

/** Axe on a settled page: the theme follows the system, so fix it and wait for it. */
async function expectAccessible(page: Page) {
  await expect
    .poll(() => page.locator("html").getAttribute("data-mantine-color-scheme"))
    .toBe("light");
  expect(await seriousViolations(page)).toEqual([]);
}

describe("business pages in the browser", () => {
  it("keeps what a visitor typed through signing in, then makes them a business owner", async () => {
    const page = await newPage(browser, { mobile: true });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${baseURL}/business/form`);
    await waitForHydration(page);
    await expectAccessible(page);
    // Mistakes are caught before signing in, with everything else kept.
    await fillBusinessForm(page, { ...typed, phone: "020 79" });
    await page.getByRole("button", { name: "Continue to sign in" }).click();
    await page.getByText("This is not a valid phone number").waitFor();
    await expectFormHolds(page, { ...typed, phone: "020 79" });
    await page.getByLabel("Contact phone number").fill(typed.phone);
    await page.getByRole("button", { name: "Continue to sign in" }).click();
    await page.waitForURL(/\/login\?redirect=/);
    const target = new URL(page.url()).searchParams.get("redirect");
    expect(target).toBe("/business/form");

    await signInAs(page, baseURL, { name: "Owner" });
    await page.goto(`${baseURL}${target}`);
    await waitForHydration(page);
    await page.getByText("Welcome back: here is what you typed.").waitFor();
    await expectFormHolds(page, typed);
    await page.getByRole("button", { name: "Apply", exact: true }).click();

    await page.waitForURL(`${baseURL}/business`);
    await page.getByRole("heading", { name: typed.name }).waitFor();
    await expect(page.getByTestId("plan-usage").textContent()).resolves.toBe(
      "0 of 3 published events",
    );
    await expect(page.getByTestId("team-usage").textContent()).resolves.toBe(
      "0 of 1 team on your plan",
    );
    await expectAccessible(page);
    await expect(page.getByText("Free plan").isVisible()).resolves.toBe(true);

    // Back on the form, the owner edits the business; the kept draft is gone.
    await page.getByRole("link", { name: "Edit business details" }).click();
    await page.waitForURL(`${baseURL}/business/form`);
    await expect(page.getByText("Welcome back").count()).resolves.toBe(0);
    await expect(page.getByLabel("Contact phone number").inputValue()).resolves.toBe(
      "+442079460018",
    );
    await page.getByLabel("Business name").fill("The Blue Door Club");
    await page.getByRole("button", { name: "Save details" }).click();
    await page.waitForURL(`${baseURL}/business?saved=1`);
    await page.getByRole("heading", { name: "The Blue Door Club" }).waitFor();
  });

  it("shows a bad email next to its field and keeps everything else typed", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Careless" });
    await page.goto(`${baseURL}/business`);
    // No business yet: the console sends the person to the form.
    await page.waitForURL(`${baseURL}/business/form`);
    await waitForHydration(page);
    // The browser accepts this address; the server does not (no dot in the domain).
    const careless = { ...typed, email: "hello@bluedoor" };
    await fillBusinessForm(page, careless);
    await page.getByRole("button", { name: "Apply", exact: true }).click();

    const email = page.getByLabel("Contact email address");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
    const descriptions = await Promise.all(
      describedBy.split(" ").map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions.join(" ")).toContain("Enter an email address like name@example.com.");
    await expect(page.getByLabel("Business name").getAttribute("aria-invalid")).resolves.not.toBe(
      "true",
    );
    await expectFormHolds(page, careless);
    expect(page.url()).toBe(`${baseURL}/business/form`);
  });

  it("upgrades to Pro through the card checkout, then cancels it at the period's end", async () => {
    // At the server's public address (PUBLIC_URL, localhost), where Stripe sends the owner back.
    const base = baseURL.replace("127.0.0.1", "localhost");
    const page = await newPage(browser);
    await page.emulateMedia({ colorScheme: "light" });
    await signInAs(page, base, { name: "Upgrader" });
    await page.goto(`${base}/business/form`);
    await waitForHydration(page);
    await fillBusinessForm(page, { ...typed, name: "Upgrade Hall" });
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL(`${base}/business`);

    await page.getByRole("link", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(`${base}/business/upgrade`);
    await waitForHydration(page);
    const free = page.getByTestId("plan-free");
    const pro = page.getByTestId("plan-pro");
    await free.getByText("Current plan").waitFor();
    await expect(pro.getByText("€29").isVisible()).resolves.toBe(true);
    await expectAccessible(page);

    // The e2e server takes cards (the Stripe peer): Pro is a monthly subscription paid on
    // the hosted checkout, and the plan follows it.
    await pro.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(/\/pay\//);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(`${base}/business/upgrade?subscription=done`);
    await page.getByText("You are on the Pro plan").first().waitFor();
    await pro.getByText("Current plan").waitFor();
    await expect(free.getByText("Current plan").count()).resolves.toBe(0);

    await free.getByRole("button", { name: "Cancel Pro" }).click();
    await page.getByTestId("pro-until").waitFor();
    await expect(page.getByTestId("pro-until").textContent()).resolves.toMatch(
      /^Pro until \d{1,2} \w{3} \d{4}, then your business moves to the free plan\.$/,
    );
    await pro.getByText("Current plan").waitFor();
  });

  it("offers visitors the way to apply instead of an upgrade button", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/business/upgrade`);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Upgrade to Pro" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Apply as a business" }).count()).resolves.toBe(2);
    await page.goto(`${baseURL}/business`);
    await page.waitForURL(/\/login\?redirect=%2Fbusiness$/);
  });
});
