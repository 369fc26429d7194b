import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newPhone } from "#tests/support/phones.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type OutboxEntry = { channel: string; to: string; text: string; status: string };

async function call(name: string, data: unknown) {
  const response = await fetch(`${baseURL}/api/fn/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: await response.json() };
}

async function outbox(destination: string): Promise<OutboxEntry[]> {
  const { status, body } = await call("dev.outbox", { destination });
  expect(status).toBe(200);
  return body.result.messages;
}

describe("the development outbox", () => {
  const phone = newPhone();

  it("shows no messages for a recipient that was sent none", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/dev/outbox?to=%2B33100000000`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Outbox");
    await expect(page.getByText("No messages to +33100000000 yet.").count()).resolves.toBe(1);
    await page.close();
  });

  it("delivers a registration's SMS code through the outbox, readable as JSON and on the page", async () => {
    const registered = await call("accounts.register", {
      name: "Outbox Reader",
      phone,
      region: "FR",
      password: "a long and unusual passphrase 7",
    });
    expect(registered.status).toBe(200);

    // The delivery worker marks it kept (the outbox adapter) within moments.
    const deadline = Date.now() + 15_000;
    let messages = await outbox(phone);
    while (messages[0]?.status !== "kept" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      messages = await outbox(phone);
    }
    expect(messages[0]).toMatchObject({ channel: "sms", to: phone, status: "kept" });
    const code = messages[0]?.text.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();

    const page = await newPage(browser);
    await page.goto(`${baseURL}/dev/outbox`);
    await waitForHydration(page);
    await page.getByLabel("Recipient").fill(phone);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`${baseURL}/dev/outbox?to=${encodeURIComponent(phone)}`);
    // The address bar changes as the navigation starts; the filtered list follows.
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="outbox-message"]').length === count,
      messages.length,
    );
    const rows = page.getByTestId("outbox-message");
    await expect(rows.first().textContent()).resolves.toContain(code);
    await expect(rows.first().textContent()).resolves.toContain("kept");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();

    const dark = await newPage(browser);
    await dark.emulateMedia({ colorScheme: "dark" });
    await dark.goto(`${baseURL}/dev/outbox?to=${encodeURIComponent(phone)}`);
    await waitForHydration(dark);
    await expect(dark.getByTestId("outbox-message").count()).resolves.toBe(messages.length);
    expect(await seriousViolations(dark)).toEqual([]);
    await dark.close();
  });
});
