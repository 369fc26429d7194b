import { randomInt } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { signInAs, uniquePhone, uniqueUkMobile } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const password = "violet orbit lantern 42";

const newUkPhone = uniqueUkMobile;

/** The newest code sent to a phone, from the development outbox (NODE_ENV=test). */
async function lastCode(destination: string, after = ""): Promise<string> {
  for (let tries = 0; tries < 60; tries++) {
    const response = await fetch(`${baseURL}/api/fn/dev.outbox`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: { destination, limit: 1 } }),
    });
    const { result } = (await response.json()) as { result: { messages: { text: string }[] } };
    const code = /\b(\d{6})\b/.exec(result.messages[0]?.text ?? "")?.[1];
    if (code && code !== after) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code to ${destination}`);
}

async function register(page: Page, phone: ReturnType<typeof newUkPhone>) {
  await page.goto(`${baseURL}/register`);
  await waitForHydration(page);
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel(/^Country/).selectOption("GB");
  await page.getByLabel("Phone number").fill(phone.national);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/sms_verify\?id=/);
  await page.getByLabel("6-digit code").fill(await lastCode(phone.e164));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${baseURL}/`);
}

/** The paths of the newest `count` email links sent to an address, newest first. */
async function outboxLinks(destination: string, count: number): Promise<string[]> {
  const response = await fetch(`${baseURL}/api/fn/dev.outbox`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ data: { destination, limit: count } }),
  });
  const { result } = (await response.json()) as { result: { messages: { text: string }[] } };
  return result.messages.map((message) => {
    const link = /https?:\/\/\S+email_token=\S+/.exec(message.text)?.[0];
    if (!link) throw new Error(`no link in: ${message.text}`);
    const { pathname, search } = new URL(link);
    return `${pathname}${search}`;
  });
}

describe("profile in the browser", () => {
  it("edits the name, changes the phone by SMS code and signs another device out", async () => {
    const phone = uniquePhone();
    const other = await newPage(browser);
    await signInAs(other, baseURL, { name: "Ada", phone });
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Ada", phone });
    await page.goto(`${baseURL}/profile`);
    await waitForHydration(page);

    await page.locator(`input[name="name"]`).fill("Ada King");
    await page.getByRole("button", { name: "Save name and email" }).click();
    await page.getByText("Saved.").waitFor();

    const newPhone = newUkPhone();
    await page.getByLabel(/^Country/).selectOption("GB");
    await page.getByLabel("New phone number").fill("07400 12");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("This is not a valid phone number").waitFor();
    // What was typed stays.
    await expect(page.locator(`input[name="name"]`).inputValue()).resolves.toBe("Ada King");
    await page.getByLabel("New phone number").fill(newPhone.national);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel(`Code sent to ${newPhone.e164}`).fill(await lastCode(newPhone.e164));
    await page.getByRole("button", { name: "Confirm new number" }).click();
    await page.getByText(`Your phone number is now ${newPhone.e164}.`).waitFor();
    await expect.poll(() => page.getByTestId("current-phone").textContent()).toBe(newPhone.e164);

    const sessions = page.getByTestId("session");
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await sessions.getByRole("button", { name: /^Sign out/ }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    await other.goto(`${baseURL}/profile`);
    expect(new URL(other.url()).pathname).toBe("/login");
  });

  it("changes the email only when the emailed link is opened", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Mary" });
    await page.goto(`${baseURL}/profile`);
    await waitForHydration(page);
    const email = `mary-${randomInt(0, 1e9)}@example.com`;
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Save name and email" }).click();
    await page.getByText("We sent a link to your email address").waitFor();
    await page.getByTestId("pending-email").waitFor();
    const response = await fetch(`${baseURL}/api/fn/dev.outbox`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: { destination: email, limit: 1 } }),
    });
    const { result } = (await response.json()) as { result: { messages: { text: string }[] } };
    const link = /https?:\/\/\S+email_token=\S+/.exec(result.messages[0]?.text ?? "")?.[0];
    expect(link).toBeTruthy();
    // The link names the public address; this run reaches the server at baseURL.
    const { pathname, search } = new URL(link ?? "");
    await page.goto(`${baseURL}${pathname}${search}`);
    await page.getByText(`Your email address is now ${email}.`).waitFor();
    await page.goto(`${baseURL}${pathname}${search}`);
    await page.getByText("This link has expired or was already used").waitFor();
  });

  it("shows an unverified email as Not verified, with Send again: a new link, and the first one no longer works", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Katherine" });
    await page.goto(`${baseURL}/profile`);
    await waitForHydration(page);
    const email = `katherine-${randomInt(0, 1e9)}@example.com`;
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Save name and email" }).click();
    await page.getByText("We sent a link to your email address").waitFor();
    const status = page.getByTestId("email-status");
    await status.getByText("Not verified").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const sendAgain = page.getByRole("button", { name: "Send again" });
    await sendAgain.click();
    await page.getByText(`We sent a new link to ${email}.`).waitFor();
    const [second, first] = await outboxLinks(email, 2);
    expect(second).not.toBe(first);
    await page.goto(`${baseURL}${first}`);
    await page.getByText("This link has expired or was already used").waitFor();
    await status.getByText("Not verified").waitFor();
    await page.goto(`${baseURL}${second}`);
    await page.getByText(`Your email address is now ${email}.`).waitFor();
    await status.getByText("Verified", { exact: true }).waitFor();
    await expect(page.getByRole("button", { name: "Send again" }).count()).resolves.toBe(0);
  });

  it("refuses Send again past the limit with a message on the page", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Dorothy" });
    await page.goto(`${baseURL}/profile`);
    await waitForHydration(page);
    const email = `dorothy-${randomInt(0, 1e9)}@example.com`;
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Save name and email" }).click();
    await page.getByText("We sent a link to your email address").waitFor();
    const sendAgain = page.getByRole("button", { name: "Send again" });
    // Five sends an hour: the save was one, four more pass, the sixth is refused.
    for (let sent = 2; sent <= 5; sent++) {
      await sendAgain.click();
      await expect.poll(async () => (await outboxLinks(email, 10)).length).toBe(sent);
      await expect(page.getByText(/Too many attempts/).count()).resolves.toBe(0);
    }
    await sendAgain.click();
    await page.getByText(/Too many attempts\. Please try again in \d+ minutes\./).waitFor();
  });

  it("keeps notification channels with the account and a visitor's theme in a cookie", async () => {
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Grace" });
    await page.goto(`${baseURL}/setting`);
    await waitForHydration(page);
    await expect(page.getByLabel("By SMS").isChecked()).resolves.toBe(true);
    await page.getByLabel("By SMS").uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("By SMS").isChecked()).resolves.toBe(false);
    await expect(page.getByLabel("By email").isChecked()).resolves.toBe(true);

    const visitor = await newPage(browser);
    await visitor.goto(`${baseURL}/setting`);
    await waitForHydration(visitor);
    await expect(visitor.getByLabel("By SMS").count()).resolves.toBe(0);
    await visitor.getByText("Dark", { exact: true }).click();
    await expect
      .poll(
        async () =>
          (await visitor.context().cookies()).find((c) => c.name === "preferences")?.value,
      )
      .toContain("dark");
  });

  it("hides the external sign-in button when no provider is configured", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    await expect(page.getByTestId("external-sign-in").count()).resolves.toBe(0);
  });

  it("deletes an account after re-authentication, says goodbye, and the account cannot sign in", async () => {
    const page = await newPage(browser);
    const phone = newUkPhone();
    await register(page, phone);
    await page.goto(`${baseURL}/confirm_delete_account`);
    // Not re-authenticated yet: no way to delete from here, only to step 1.
    await expect(page.getByRole("button", { name: "Delete my account" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Start account deletion" }).click();
    await page.waitForURL(`${baseURL}/delete_account`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/Why are you leaving/).selectOption("privacy");
    await page.getByLabel("Your password").fill("wrong password here");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("This is not your password.").waitFor();
    await expect(page.getByLabel(/Why are you leaving/).inputValue()).resolves.toBe("privacy");
    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${baseURL}/confirm_delete_account`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("I understand that my account is deleted for good.").check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${baseURL}/account_delete_start?deleted=1`);
    await page.getByText("Your account is deleted. Goodbye!").waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "css_tk")).toBeUndefined();

    await page.goto(`${baseURL}/profile`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await waitForHydration(page);
    await page.getByLabel(/^Country/).selectOption("GB");
    await page.getByLabel("Phone number or email address").fill(phone.national);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("do not match an account").waitFor();
  });
});
