import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The country the phone field of `path` preselects for a browser sending `acceptLanguage`. */
async function preselected(path: string, acceptLanguage: string): Promise<string> {
  const context = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    extraHTTPHeaders: { "Accept-Language": acceptLanguage },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}${path}`);
  const value = await page.locator('select[name="region"]').inputValue();
  await context.close();
  return value;
}

describe("the phone field's country", () => {
  it.for(["/register", "/login"])(
    "%s preselects the country of the browser's first language that names one",
    async (path) => {
      await expect(preselected(path, "fr-FR,fr;q=0.9,en;q=0.8")).resolves.toBe("FR");
      await expect(preselected(path, "en,en-AU;q=0.9")).resolves.toBe("AU");
    },
  );

  it("falls back to the deployment's DEFAULT_COUNTRY (the United States unset)", async () => {
    // The test server leaves DEFAULT_COUNTRY unset; server/config.test.ts reads a set one,
    // and app/accounts/default-region.test.ts falls back to it.
    await expect(preselected("/register", "de")).resolves.toBe("US");
  });
});
