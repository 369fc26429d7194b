/**
 * npm run lighthouse — Lighthouse (mobile, its default simulated throttling) on `/`, an
 * event page and `/login`, with Debian's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium). Builds first, then starts the built server in production mode on a
 * fresh embedded database with the demo data. Each page is run LIGHTHOUSE_RUNS times
 * (default 3); prints the median of each category's score (performance, accessibility,
 * best practices, SEO) and the performance run's first contentful paint, largest
 * contentful paint, total blocking time, layout shift and bytes of JavaScript, then the
 * gzip weight of the JavaScript and CSS of every public page (issue 28, part 3).
 *   LIGHTHOUSE_PAGES: a comma-separated subset of "home,event,login"
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "#tests/e2e/browser.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { pageWeight, printWeight, publicPages } from "../bench/support/page-weight.ts";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const audits = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
} as const;

type Run = {
  scores: Record<(typeof categories)[number], number>;
  shown: Record<string, string>;
  scriptBytes: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The first event the home page links to (its cards link `/{slug}-{shortId}`). */
async function anEventPath(baseURL: string): Promise<string> {
  const html = await (await fetch(`${baseURL}/`)).text();
  const found =
    /<h3[^>]*>\s*<a[^>]*href="(\/[a-z0-9-]+)"/.exec(html) ??
    /href="(\/[a-z0-9]+(?:-[a-z0-9]+)+)"/.exec(html);
  if (!found?.[1]) throw new Error("the home page links no event");
  return found[1];
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse gave nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Run["scores"];
  const shown = Object.fromEntries(
    Object.entries(audits).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? "?"]),
  );
  const items = (lhr.audits["resource-summary"]?.details as { items?: unknown[] } | undefined)
    ?.items as { resourceType: string; transferSize: number }[] | undefined;
  const scriptBytes = items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  return { scores, shown, scriptBytes };
}

execFileSync(path.join(projectRoot, "node_modules/.bin/react-router"), ["build"], {
  cwd: projectRoot,
  stdio: "ignore",
});
const dataDir = mkdtempSync(path.join(tmpdir(), "lighthouse-pglite-"));
const server = await spawnServer({
  env: {
    NODE_ENV: "production",
    PGLITE_DIR: path.join(dataDir, "db"),
    DATABASE_URL: undefined,
    APP_SECRET: "lighthouse-secret-lighthouse-secret-lighthouse!",
    ALLOW_OUTBOX_IN_PRODUCTION: "true",
  },
  timeoutMs: 120_000,
});
const chrome = await launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const baseURL = server.url;
  const pages = { home: "/", event: await anEventPath(baseURL), login: "/login" };
  const wanted = (process.env.LIGHTHOUSE_PAGES ?? "home,event,login").split(",");
  console.log(`Lighthouse ${runs}× per page, mobile, default throttling, ${chromiumPath}`);
  console.log(
    `${"page".padEnd(44)} perf  a11y  best  seo   (median)  performance run: FCP, LCP, TBT, CLS, JS`,
  );
  for (const [name, pagePath] of Object.entries(pages)) {
    if (!wanted.includes(name)) continue;
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await audit(`${baseURL}${pagePath}`, chrome.port));
    const scoreOf = (c: (typeof categories)[number]) => median(results.map((r) => r.scores[c]));
    const perf = scoreOf("performance");
    const typical = results.find((r) => r.scores.performance === perf) ?? (results[0] as Run);
    console.log(
      `${pagePath.padEnd(44)} ${categories.map((c) => String(scoreOf(c)).padStart(4)).join("  ")}` +
        `   (${results.map((r) => r.scores.performance).join(", ")})  ` +
        `${Object.values(typical.shown).join(", ")}, ${(typical.scriptBytes / 1024).toFixed(1)} KiB`,
    );
  }
  console.log("JS and CSS of every public page:");
  const clientDir = path.join(projectRoot, "build", "client");
  for (const pagePath of publicPages(pages.event)) {
    printWeight(pagePath, await pageWeight(`${baseURL}${pagePath}`, clientDir));
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
