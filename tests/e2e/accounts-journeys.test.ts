import { randomInt } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPageOfItsOwn, seriousViolations, waitForHydration } from "./browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const password = "violet orbit lantern 42";

const newPage = newPageOfItsOwn;

/** A UK mobile number nobody in this run has used: typed nationally, stored in E.164. */
function newPhone() {
  const digits = String(randomInt(0, 100_000)).padStart(5, "0");
  return { national: `07911 1${digits}`, e164: `+4479111${digits}` };
}

/** The newest message to a phone or email, read from the development outbox. */
async function lastMessage(destination: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const response = await fetch(`${baseURL}/api/fn/dev.outbox`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: { destination, limit: 1 } }),
    });
    const { result } = (await response.json()) as { result: { messages: { text: string }[] } };
    const text = result.messages[0]?.text;
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${destination}`);
}

async function lastCode(destination: string): Promise<string> {
  const text = await lastMessage(destination);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

async function pickCountry(page: Page, code: string) {
  await page.getByLabel(/^Country/).selectOption(code);
}

async function register(page: Page, phone: ReturnType<typeof newPhone>, path = "/register") {
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await pickCountry(page, "GB");
  await page.getByLabel("Phone number").fill(phone.national);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/sms_verify\?id=/);
  await page.getByLabel("6-digit code").fill(await lastCode(phone.e164));
  await page.getByRole("button", { name: "Verify" }).click();
}

describe("accounts in the browser", () => {
  it("registers with the live password checklist, verifies the SMS code and lands signed in", async () => {
    const page = await newPage(browser, { mobile: true });
    const phone = newPhone();
    await page.goto(`${baseURL}/register`);
    await waitForHydration(page);
    const rule = (id: string) => page.locator(`[data-rule="${id}"]`);
    await expect(rule("minLength").getAttribute("data-met")).resolves.toBe("false");
    await page.locator('input[name="password"]').fill("qwertyuiop");
    await expect.poll(() => rule("minLength").getAttribute("data-met")).toBe("true");
    await expect.poll(() => rule("notCommon").getAttribute("data-met")).toBe("false");
    await page.locator('input[name="password"]').fill(password);
    await expect.poll(() => rule("notCommon").getAttribute("data-met")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);

    await register(page, phone);
    await page.waitForURL(`${baseURL}/`);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "css_tk")?.httpOnly).toBe(true);
    // Signed in: a gated screen opens instead of sending us to /login.
    await page.goto(`${baseURL}/order`);
    expect(new URL(page.url()).pathname).toBe("/order");
  });

  it("counts down attempts on a wrong code and keeps what was typed on a form error", async () => {
    const page = await newPage(browser);
    const phone = newPhone();
    await page.goto(`${baseURL}/register`);
    await waitForHydration(page);
    await page.getByLabel("Your name").fill("Grace Hopper");
    await pickCountry(page, "GB");
    await page.getByLabel("Phone number").fill("07911 12");
    await page.getByLabel("Email address (optional)").fill("grace@example.com");
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByText("This is not a valid phone number").textContent(),
    ).resolves.toBeTruthy();
    await expect(page.getByLabel("Your name").inputValue()).resolves.toBe("Grace Hopper");
    await expect(page.getByLabel("Email address (optional)").inputValue()).resolves.toBe(
      "grace@example.com",
    );

    await page.getByLabel("Phone number").fill(phone.national);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/sms_verify\?id=/);
    await page.getByText("5 attempts left").waitFor();
    await page.getByText(/You can ask for a new code in \d+ seconds/).waitFor();
    const code = await lastCode(phone.e164);
    await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not right. 4 attempts left.").waitFor();
    // The hint under the field counts the attempt just used too.
    await page.getByText("4 attempts left", { exact: true }).waitFor();
    expect(await page.getByText("5 attempts left").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("signs in with the redirect parameter and lands on the gated page asked for", async () => {
    const phone = newPhone();
    await register(await newPage(browser), phone);
    const page = await newPage(browser);
    await page.goto(`${baseURL}/profile?tab=sessions`);
    expect(page.url()).toBe(`${baseURL}/login?redirect=%2Fprofile%3Ftab%3Dsessions`);
    await waitForHydration(page);
    await pickCountry(page, "GB");
    await page.getByLabel("Phone number or email address").fill(phone.national);
    await page.locator('input[name="password"]').fill("not my password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("do not match an account").waitFor();
    await expect(page.getByLabel("Phone number or email address").inputValue()).resolves.toBe(
      phone.national,
    );
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseURL}/profile?tab=sessions`);
  });

  it("shows the typed password with the eye button and hides it again", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    const input = page.locator('input[name="password"]');
    await input.fill("violet orbit");
    const eye = page.getByRole("button", { name: "Toggle password visibility" });
    await expect(input.getAttribute("type")).resolves.toBe("password");
    await eye.click();
    await expect.poll(() => input.getAttribute("type")).toBe("text");
    await expect(eye.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(input.inputValue()).resolves.toBe("violet orbit");
    await eye.click();
    await expect.poll(() => input.getAttribute("type")).toBe("password");
    await expect(eye.getAttribute("aria-pressed")).resolves.toBe("false");
  });

  it("ignores a redirect to another site", async () => {
    const phone = newPhone();
    await register(await newPage(browser), phone);
    const page = await newPage(browser);
    await page.goto(`${baseURL}/login?redirect=${encodeURIComponent("//evil.test/x")}`);
    await waitForHydration(page);
    await page.getByLabel("Phone number or email address").fill(phone.e164);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseURL}/`);
  });

  it("resets a password with the SMS code and signs in with the new one", async () => {
    const phone = newPhone();
    await register(await newPage(browser), phone);
    const page = await newPage(browser);
    await page.goto(`${baseURL}/password`);
    await waitForHydration(page);
    await page.getByLabel("Phone number or email address").fill(phone.e164);
    await page.getByRole("button", { name: "Send code or link" }).click();
    await page.waitForURL(/\/new_password\?phone=/);
    await page.getByLabel("6-digit code").fill(await lastCode(phone.e164));
    await page.locator('input[name="password"]').fill("a brand new secret 7");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await page.waitForURL(`${baseURL}/`);
    expect(await lastMessage(phone.e164)).toMatch(/password was just changed/);

    const again = await newPage(browser);
    await again.goto(`${baseURL}/login`);
    await waitForHydration(again);
    await again.getByLabel("Phone number or email address").fill(phone.e164);
    await again.locator('input[name="password"]').fill("a brand new secret 7");
    await again.getByRole("button", { name: "Sign in" }).click();
    await again.waitForURL(`${baseURL}/`);
  });

  it("signs in with a one-time code and lands on the redirect target", async () => {
    const phone = newPhone();
    await register(await newPage(browser), phone);
    const page = await newPage(browser);
    await page.goto(`${baseURL}/login?redirect=%2Forder`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Sign in with a one-time code" }).click();
    await page.waitForURL(/\/access_to_account\?redirect=%2Forder/);
    await page.getByRole("heading", { name: "Sign in with a one-time code" }).waitFor();
    await pickCountry(page, "GB");
    await page.getByLabel("Phone number or email address").fill(phone.national);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.waitForURL(/\/sms_verify\?id=.*redirect=%2Forder/);
    await page.getByLabel("6-digit code").fill(await lastCode(phone.e164));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${baseURL}/order`);
  });

  it("works without JavaScript: a failed sign-in renders the form again with the message", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/login`);
    await page.getByLabel("Phone number or email address").fill("nobody@example.com");
    await page.locator('input[name="password"]').fill("whatever password");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    expect(response.status()).toBe(401);
    await page.getByText("do not match an account").waitFor();
    await expect(page.getByLabel("Phone number or email address").inputValue()).resolves.toBe(
      "nobody@example.com",
    );
    await context.close();
  });

  it("refuses a form posted from another site", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${baseURL}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "User-Agent": "Mozilla/5.0 Chrome/156.0.0.0",
          ...headers,
        },
        body: "identifier=a%40example.com&password=x",
      });
    // The router refuses a foreign Origin itself (400); our check also reads Sec-Fetch-Site.
    const foreign = await post({ Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" });
    expect([400, 403]).toContain(foreign.status);
    const crossSite = await post({ Origin: baseURL, "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const ours = await post({ Origin: baseURL, "Sec-Fetch-Site": "same-origin" });
    expect(ours.status).toBe(401);
  });

  const screens = [
    "/login",
    "/register",
    "/sms_verify",
    "/password",
    "/new_password",
    "/access_to_account",
  ];
  it.for(
    (["light", "dark"] as const).flatMap((scheme) => screens.map((path) => ({ path, scheme }))),
  )("$path has no serious accessibility violation in $scheme mode", async ({ path, scheme }) => {
    const page = await newPage(browser, { mobile: true });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${baseURL}${path}`);
    await waitForHydration(page);
    if (path === "/register" || path === "/new_password") {
      // The checklist with rules met and unmet.
      await page.locator('input[name="password"]').fill("short");
      await expect.poll(() => page.locator('[data-met="true"]').count()).toBeGreaterThan(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
