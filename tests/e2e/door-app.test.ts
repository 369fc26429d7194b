import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doorScope } from "#contract/door-offline.ts";
import { qrPng } from "#server/modules/tickets/qr-image.ts";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { projectRoot, type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

/**
 * The installable door app (issue 26, decision 030) against a server of this file's own,
 * which it stops to be offline (the surest "offline" for a service worker) and restarts
 * on the same origin with a second build, to see the worker update.
 */
const runDir = mkdtempSync(path.join(tmpdir(), "door-app-"));
const firstBuild = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");
/** In the project (its server imports the project's packages); `build-*` is git-ignored. */
const secondBuild = mkdtempSync(path.join(projectRoot, "build-door-update-"));
let dbDir: string;
let server: RunningServer;
let browser: Browser;
let page: Page;
let eventId: string;
let secondBuildDone: Promise<unknown>;

/**
 * A second build of the same code that differs in every script (not minified): a new
 * worker, whose file list names other assets. Built while the first tests run.
 */
function buildUnminified(buildDir: string) {
  return promisify(execFile)(
    process.execPath,
    [
      path.join(projectRoot, "node_modules/@react-router/dev/bin.cjs"),
      "build",
      "--minify",
      "false",
    ],
    { cwd: projectRoot, env: { ...process.env, BUILD_DIR: buildDir }, maxBuffer: 64 << 20 },
  );
}

function startServer(buildDir: string, port?: number) {
  return spawnServer({
    port,
    env: { NODE_ENV: "test", BUILD_DIR: buildDir, PGLITE_DIR: dbDir, DATABASE_URL: undefined },
  });
}

/** An event whose door team has Stan Staff, signed in on `page`. */
async function doorStaffPage(): Promise<Page> {
  const helpers = ticketHelpers(server.url);
  const event = await helpers.freeEvent();
  eventId = event.eventId;
  const staffPhone = helpers.ukMobile();
  await callFunction(server.url, "test.signInAs", { name: "Stan Staff", phone: staffPhone });
  const as = <T>(name: string, data: unknown) =>
    callFunction<T>(server.url, name, data, event.organiserId);
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
  await as("teams.assignEvents", { teamId, eventIds: [eventId] });
  const staff = await newPage(browser, { mobile: true });
  await signInAs(staff, server.url, { name: "Stan Staff", phone: staffPhone });
  return staff;
}

const at = (pathname: string) => `${server.url}${pathname}`;
const scannerPath = () => `${doorScope}scanner/${eventId}`;
const deskPath = () => `${doorScope}${eventId}`;
const typedCodePath = () => `${doorScope}ticket_info?event=${eventId}`;
const heading = () => page.getByRole("heading", { level: 1 });

/** The door's caches by name, read in the page (null while the page is being replaced). */
const doorCaches = () =>
  page
    .evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("door-")).sort())
    .catch(() => null);

/** Which of `urls` the active worker keeps (its build's pages cache), read in the page. */
const keptOf = (urls: string[]) =>
  page
    .evaluate(async (wanted) => {
      const names = await caches.keys();
      const precache = names.find((key) => key.startsWith("door-precache-"));
      if (!precache) return [];
      const pages = precache.replace("door-precache-", "door-pages-");
      if (!(await caches.has(pages))) return [];
      const cache = await caches.open(pages);
      const found = await Promise.all(
        wanted.map(async (url) => ((await cache.match(url, { ignoreVary: true })) ? url : null)),
      );
      return found.filter((url) => url !== null);
    }, urls)
    .catch(() => null);

/** Waits until the worker keeps the event's three door pages and their data. */
async function untilDoorPagesKept() {
  const pages = [deskPath(), scannerPath(), typedCodePath()];
  const urls = [
    ...pages.map(at),
    at(`${deskPath()}.data`),
    at(`${scannerPath()}.data`),
    at(`${doorScope}ticket_info.data?event=${eventId}`),
  ];
  await expect.poll(() => keptOf(urls), { timeout: 20_000 }).toEqual(urls);
}

/** The hashed files the current document loaded or names. */
const assetsOfPage = () =>
  page.evaluate(() => {
    const named = [
      ...performance.getEntriesByType("resource").map((entry) => entry.name),
      ...[...document.querySelectorAll("script[src], link[href]")].map(
        (element) => (element as HTMLScriptElement).src || (element as HTMLLinkElement).href,
      ),
    ];
    return [
      ...new Set(named.map((url) => new URL(url).pathname).filter((p) => p.startsWith("/assets/"))),
    ];
  });

const assetsOfBuild = (buildDir: string) =>
  new Set(readdirSync(path.join(buildDir, "client/assets")).map((name) => `/assets/${name}`));

beforeAll(async () => {
  secondBuildDone = buildUnminified(secondBuild);
  // Both builds settle before the file ends, whatever fails first.
  secondBuildDone.catch(() => {});
  dbDir = await migratedPgliteFolder(path.join(runDir, "db"));
  server = await startServer(firstBuild);
  browser = await launchChromium();
  page = await doorStaffPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await secondBuildDone?.catch(() => {});
  rmSync(runDir, { recursive: true, force: true });
  rmSync(secondBuild, { recursive: true, force: true });
});

describe("the door app", () => {
  it("serves the worker with its scope limit and no caching, the manifest as a web app manifest, under the strict CSP", async () => {
    const worker = await fetch(at("/door-sw.js"));
    expect(worker.status).toBe(200);
    expect(worker.headers.get("service-worker-allowed")).toBe(doorScope);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);

    const manifest = await fetch(at("/door.webmanifest"));
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "Door — check-in",
      short_name: "Door",
      scope: doorScope,
      display: "standalone",
    });
    expect(String(body.start_url).startsWith(doorScope)).toBe(true);
    for (const icon of body.icons as { src: string; sizes: string }[]) {
      const image = await fetch(at(icon.src));
      expect(image.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await image.arrayBuffer());
      // The PNG header's width: the size the manifest says.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }

    // The worker and the manifest are allowed by `default-src 'self'`, nothing wider.
    const csp = (await fetch(at("/"))).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/worker-src 'self'( blob:)?;/);
    expect(csp).not.toContain("manifest-src");
  });

  it("installs the worker on the scanner page; the home page and a signed-in page elsewhere are not controlled", async () => {
    await page.goto(at(scannerPath()));
    await waitForHydration(page);
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe(
      "/door.webmanifest",
    );
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: at(doorScope), script: at("/door-sw.js") });
    // It takes over the page that installed it (clients.claim), with no reload.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    for (const pathname of ["/", "/team_coordinator/team_list"]) {
      await page.goto(at(pathname));
      await waitForHydration(page);
      expect(
        await page.evaluate(async () => ({
          controlled: navigator.serviceWorker.controller !== null,
          registration: (await navigator.serviceWorker.getRegistration()) !== undefined,
        })),
        pathname,
      ).toEqual({ controlled: false, registration: false });
      expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    }
  });

  it("with the server stopped, opens the scanner (its reader included), the desk and the typed-code page from the worker", async () => {
    const wasm: { status: number; fromWorker: boolean }[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".wasm")) {
        wasm.push({ status: response.status(), fromWorker: response.fromServiceWorker() });
      }
    });
    await page.goto(at(scannerPath()));
    await waitForHydration(page);
    await untilDoorPagesKept();
    await server.stop();

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => heading().textContent()).toBe("Scanner");
    // The reader decodes an uploaded code (then the check itself cannot reach the server).
    await page.locator('input[type="file"]').setInputFiles({
      name: "code.png",
      mimeType: "image/png",
      buffer: await qrPng("not a ticket"),
    });
    await page
      .locator('[data-testid="verdict-overlay"], [data-testid="scan-failure"]')
      .first()
      .waitFor();
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((response) => response.status === 200 && response.fromWorker)).toBe(true);

    // Between the door pages in the app, then each opened afresh.
    await page.getByRole("link", { name: "← Check-in desk" }).click();
    await page.waitForURL(at(deskPath()));
    await expect.poll(() => heading().textContent()).toBe("Check-in desk");
    await page.getByRole("link", { name: "Type a ticket code" }).click();
    await page.waitForURL(at(typedCodePath()));
    await expect.poll(() => heading().textContent()).toBe("Ticket check");
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => heading().textContent()).toBe("Ticket check");
    await page.goto(at(deskPath()));
    await waitForHydration(page);
    await expect.poll(() => heading().textContent()).toBe("Check-in desk");
  });

  it("answers a door page never opened online with a plain page that links to the kept ones", async () => {
    const response = await page.goto(
      at(`${doorScope}scanner/00000000-0000-4000-8000-000000000000`),
    );
    expect(response?.status()).toBe(503);
    await expect.poll(() => heading().textContent()).toBe("Not available offline");
    const links = await page
      .getByRole("link")
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links).toEqual(
      expect.arrayContaining([deskPath(), scannerPath(), `${doorScope}ticket_info`]),
    );
    await page.getByRole("link", { name: /^Scanner/ }).click();
    await waitForHydration(page);
    await expect.poll(() => heading().textContent()).toBe("Scanner");
  });

  it("after a new build, the next visit runs the new worker and the page runs the new build's files only; they open offline too", async () => {
    const before = await doorCaches();
    expect(before?.filter((name) => name.startsWith("door-precache-"))).toHaveLength(1);
    await secondBuildDone;
    server = await startServer(secondBuild, server.port);

    await page.goto(at(scannerPath()));
    // The new worker installs, deletes the old build's caches and takes over (the page,
    // controlled by the old one, loads once more).
    const onlyNewPrecache = async () => {
      const precaches = (await doorCaches())?.filter((name) => name.startsWith("door-precache-"));
      return precaches?.length === 1 && !before?.includes(precaches[0] as string);
    };
    await expect.poll(onlyNewPrecache, { timeout: 30_000 }).toBe(true);
    const after = (await doorCaches()) ?? [];
    expect(after.some((name) => before?.includes(name))).toBe(false);
    const newFiles = assetsOfBuild(secondBuild);
    const oldFiles = assetsOfBuild(firstBuild);
    // Read once the page is up (it may be loading once more when read: read again).
    const loaded = async () => {
      try {
        await waitForHydration(page);
        return await assetsOfPage();
      } catch {
        return null;
      }
    };
    await expect
      .poll(async () => (await loaded())?.filter((asset) => !newFiles.has(asset)))
      .toEqual([]);
    expect((await loaded())?.some((asset) => !oldFiles.has(asset))).toBe(true);

    await untilDoorPagesKept();
    await server.stop();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => heading().textContent()).toBe("Scanner");
    expect((await assetsOfPage()).filter((asset) => !newFiles.has(asset))).toEqual([]);
  }, 180_000);
});
