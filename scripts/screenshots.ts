/**
 * npm run screenshots [name …] — every screen in light and dark, on a phone (390×844) and
 * a desktop (1280×800), as full-page PNGs in screenshots/ (ignored by git), to look at
 * before calling a screen done. Starts the built server on a fresh embedded database
 * with the demo data (NODE_ENV=test, so `test.signInAs` can sign in as the demo owner
 * and user), makes one booking, then visits each screen as a visitor, the user, the
 * owner or the demo door staff. Card payments are on against the Stripe test peer (tests/support/stripe-peer.ts):
 * a second demo event is sold by card, for the hold with its split, the return states and
 * a booking paid by card. Names given on the command line keep only the screens whose
 * name contains one.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { demoAccounts } from "#server/modules/demo/demo-seed.ts";
import { demoTeamAccounts } from "#server/modules/demo/demo-teams.ts";
import { launchChromium, newPage, waitForHydration } from "#tests/e2e/browser.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { startStripePeer } from "#tests/support/stripe-peer.ts";
import { makeWalletTestFiles } from "#tests/support/wallet-certs.ts";
import { codeShots, prepareCodes } from "./screenshots-codes.ts";
import { prepareScreens, signIn } from "./screenshots-data.ts";
import { doorShots } from "./screenshots-door.ts";
import { embedShots } from "./screenshots-embed.ts";
import { orderShots } from "./screenshots-orders.ts";
import { type As, type Shot, shotsFor } from "./screenshots-pages.ts";
import { prepareQuestions, questionShots } from "./screenshots-questions.ts";
import { prepareSeries, seriesShots } from "./screenshots-series.ts";
import { waitingListScreens } from "./screenshots-waiting-list.ts";
import { prepareWaitingRoom, waitingRoomShots } from "./screenshots-waiting-room.ts";
import { prepareWebhooks, webhookShots } from "./screenshots-webhooks.ts";

const outDir = path.join(projectRoot, "screenshots");
const only = process.argv.slice(2);
// The screens as the code stands now: build first (a few seconds).
try {
  execFileSync(path.join(projectRoot, "node_modules/.bin/react-router"), ["build"], {
    cwd: projectRoot,
    stdio: "pipe",
  });
} catch (error) {
  console.error(String((error as { stderr?: Buffer }).stderr ?? error));
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), "screenshots-pglite-"));
const peer = await startStripePeer();
const server = await spawnServer({
  env: {
    NODE_ENV: "test",
    PGLITE_DIR: path.join(dataDir, "db"),
    DATABASE_URL: undefined,
    // Throwaway wallet certificates, so the ticket screens show their wallet buttons.
    ...makeWalletTestFiles().env,
    // Card payments against the test peer, with a booking fee to show.
    ...peer.env(),
    PLATFORM_FEE_PERCENT: "5",
    PLATFORM_FEE_FIXED_MINOR: "20",
  },
});
peer.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
const baseURL = server.url;

/** Covers load lazily: scroll through the page and wait for every image, then back up. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pending = [...document.images].filter((img) => !img.complete);
    await Promise.all(
      pending.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener("load", resolve, { once: true });
            img.addEventListener("error", resolve, { once: true });
          }),
      ),
    );
    window.scrollTo(0, 0);
  });
}

const devices = [
  { name: "phone", mobile: true },
  { name: "desktop", mobile: false },
] as const;
const schemes = ["light", "dark"] as const;

const browser = await launchChromium();
try {
  const prepared = await prepareScreens(browser, baseURL, peer);
  const room = await prepareWaitingRoom(baseURL, prepared.ownerId);
  const shots: Shot[] = [
    ...shotsFor(prepared),
    ...orderShots(prepared),
    ...doorShots(prepared),
    ...embedShots(prepared),
    ...waitingRoomShots(room),
    ...(await waitingListScreens(baseURL, prepared)),
    ...seriesShots(await prepareSeries(baseURL, prepared.ownerId)),
    ...codeShots(await prepareCodes(baseURL, prepared.ownerId)),
    ...questionShots(await prepareQuestions(baseURL, prepared.ownerId)),
    ...webhookShots(await prepareWebhooks(baseURL, prepared.ownerId)),
  ].filter((shot) => only.length === 0 || only.some((part) => shot.name.includes(part)));
  rmSync(outDir, { recursive: true, force: true });
  let count = 0;
  for (const device of devices) {
    const pages: Record<As, Page> = {
      visitor: await newPage(browser, { mobile: device.mobile }),
      user: await newPage(browser, { mobile: device.mobile }),
      owner: await newPage(browser, { mobile: device.mobile }),
      staff: await newPage(browser, { mobile: device.mobile }),
    };
    await signIn(pages.user, baseURL, demoAccounts.user.phone);
    await signIn(pages.owner, baseURL, demoAccounts.owner.phone);
    await signIn(pages.staff, baseURL, demoTeamAccounts.staff.phone);
    for (const scheme of schemes) {
      const folder = path.join(outDir, `${device.name}-${scheme}`);
      mkdirSync(folder, { recursive: true });
      for (const shot of shots) {
        const page = pages[shot.as];
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        await shot.before?.(page);
        await page.goto(`${baseURL}${shot.path}`);
        await waitForHydration(page);
        // A shared page's own header (decision 032) arrives after hydration.
        await page.waitForFunction(
          () => !document.documentElement.hasAttribute("data-viewer-pending"),
        );
        await shot.act?.(page);
        if (!shot.viewportOnly) await loadLazyImages(page);
        await page.screenshot({
          path: path.join(folder, `${shot.name}.png`),
          fullPage: !shot.viewportOnly,
        });
        await shot.after?.(page);
        count += 1;
      }
    }
    for (const page of Object.values(pages)) await page.close();
  }
  console.log(`${count} screenshots in ${path.relative(process.cwd(), outDir)}/`);
} finally {
  await browser.close();
  await server.stop();
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
