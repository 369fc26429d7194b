import { randomInt } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { callFunction, signInAs } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The email texts sent to an address, newest first, from the development outbox. */
async function outboxTexts(destination: string): Promise<string[]> {
  const { messages } = await callFunction<{ messages: { text: string }[] }>(baseURL, "dev.outbox", {
    destination,
    limit: 20,
  });
  return messages.map((message) => message.text);
}

/** The path and query of the verification link in a text. */
function linkPath(text: string | undefined): string {
  const link = /https?:\/\/\S+email_token=\S+/.exec(text ?? "")?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}

/** Holds one ticket of the demo Farmers Market (free entry) and waits for the attendees. */
async function holdOne(page: Page) {
  const { events } = await callFunction<{ events: { shortId: string }[] }>(
    baseURL,
    "events.search",
    { q: "Farmers Market" },
  );
  await page.goto(`${baseURL}/booking/${events[0]?.shortId}`);
  await waitForHydration(page);
  await page.getByLabel("Entry", { exact: true }).selectOption("1");
  await page.getByRole("button", { name: "Hold tickets" }).click();
  await page.getByText("Who is coming").waitFor();
}

const contactField = (page: Page) => page.getByLabel("Email for the confirmation (optional)");

describe("the booking's contact email", () => {
  it("starts as the account's email", async () => {
    const page = await newPage(browser, { mobile: true });
    const { userId } = await signInAs(page, baseURL, { name: "Vera" });
    const email = `vera-${randomInt(0, 1e9)}@example.com`;
    await callFunction(baseURL, "profile.update", { name: "Vera", email }, userId);
    const [sent] = await outboxTexts(email);
    await page.goto(`${baseURL}${linkPath(sent)}`);
    await page.getByText(`Your email address is now ${email}.`).waitFor();
    await holdOne(page);
    await expect(contactField(page).inputValue()).resolves.toBe(email);
  });

  it("is sent a verification link when the account has no verified email", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Wim" });
    await holdOne(page);
    await expect(contactField(page).inputValue()).resolves.toBe("");
    const email = `wim-${randomInt(0, 1e9)}@example.com`;
    await contactField(page).fill(email);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/\/booking_refrence\?reference=/);
    await expect
      .poll(async () => (await outboxTexts(email)).filter((t) => /email_token=/.test(t)).length)
      .toBe(1);
    const link = linkPath((await outboxTexts(email)).find((t) => /email_token=/.test(t)));
    await page.goto(`${baseURL}${link}`);
    await page.getByText(`Your email address is now ${email}.`).waitFor();
  });
});
