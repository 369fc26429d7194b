import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with the flags that work on these machines (and `extraArgs`,
 * e.g. a fake camera or host resolver rules).
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/**
 * A page that presents itself as a desktop Chrome: "HeadlessChrome" counts as a bot,
 * and bots get bare error responses instead of pages.
 */
export async function newPage(browser: Browser, options: { mobile?: boolean } = {}): Promise<Page> {
  const userAgent = options.mobile
    ? "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36"
    : "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
  const context = await browser.newContext({
    userAgent,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  // The browser may be closing already (end of a file): nothing left to clean up then, and
  // a rejected close must not surface as an unhandled error that fails the run.
  page.on("close", () => {
    context.close().catch(() => {});
  });
  return page;
}

/**
 * A page that comes from an address of its own (the server trusts X-Forwarded-For from
 * loopback), so its sign-ins and codes do not use up the per-IP limits that the other
 * end-to-end files, all from 127.0.0.1, share.
 */
export async function newPageOfItsOwn(
  browser: Browser,
  options: { mobile?: boolean } = {},
): Promise<Page> {
  const page = await newPage(browser, options);
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  return page;
}

/** Serious and critical accessibility violations on the current page. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target),
    }));
}

/**
 * Resolves once React has hydrated the page: the header's theme switch only gets its
 * `data-hydrated` mark after mounting in the browser.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("header button[data-theme-toggle][data-hydrated]").waitFor();
}
