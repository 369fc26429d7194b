import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { browserUA, firstScreens } from "#tests/support/browser-user-agent.ts";
import { launchChromium, newPage } from "./browser.ts";

const baseURL = inject("baseURL");

/** The stylesheets a page links, in order, with their text. */
async function stylesheetsOf(path: string): Promise<{ url: string; css: string }[]> {
  const html = await (
    await fetch(`${baseURL}${path}`, { headers: { "User-Agent": browserUA } })
  ).text();
  const urls = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"#]+)#?"/g)];
  return Promise.all(
    urls.map(async (m) => ({
      url: m[1] as string,
      css: await (await fetch(`${baseURL}${m[1]}`)).text(),
    })),
  );
}

/** A rule of Mantine's Tabs, which no page outside the Mantine layout draws. */
const onlyInMantinesFullFile = ".m_89d60db1";
/** What Mantine's whole stylesheet weighed on its own (~37 KiB gzip): well over this. */
const publicCssBound = 20 * 1024;

describe("the stylesheets the first screens link (decision 024, issue 28)", () => {
  it.each(firstScreens)(
    "%s links only the part of Mantine's stylesheet it draws with",
    async (path) => {
      const sheets = await stylesheetsOf(path);
      const gzip = sheets.reduce((sum, { css }) => sum + gzipSync(css).length, 0);
      expect(gzip).toBeLessThan(publicCssBound);
      expect(sheets.filter(({ css }) => css.includes(onlyInMantinesFullFile))).toEqual([]);
    },
  );

  it("a screen built from Mantine's components links its whole stylesheet, after the root's", async () => {
    const sheets = await stylesheetsOf("/privacy_policy");
    const full = sheets.findIndex(({ css }) => css.includes(onlyInMantinesFullFile));
    const root = sheets.findIndex(({ url }) => url.includes("/frame-"));
    expect({ root: root >= 0, full: full > root }).toEqual({ root: true, full: true });
  });
});

describe("the theme over Mantine's defaults", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The Mantine layout's full stylesheet declares Mantine's default variables again; the
  // theme's (green, not Mantine's blue; a darker dimmed text) must still win there.
  it.each(["/", "/privacy_policy"])("%s draws with the theme's colours", async (path) => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}${path}`);
    // Each variable the theme changes, with the one it should read as (both resolved).
    const [primary, green, dimmed, gray] = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return [
        "--mantine-primary-color-filled",
        "--mantine-color-green-filled",
        "--mantine-color-dimmed",
        "--mantine-color-gray-7",
      ].map((name) => style.getPropertyValue(name).trim());
    });
    expect({ primary, dimmed }).toEqual({ primary: green, dimmed: gray });
    await page.close();
  });
});
