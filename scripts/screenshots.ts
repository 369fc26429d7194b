// Long: the one runner that starts the server and visits every screen (each feature's screens are in scripts/screenshots-*.ts).
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
import { bookingPath, receiptPath, revenuePath } from "#contract/paths.ts";
import { demoAccounts } from "#server/modules/demo/demo-seed.ts";
import { demoTeamAccounts } from "#server/modules/demo/demo-teams.ts";
import { launchChromium, newPage, waitForHydration } from "#tests/e2e/browser.ts";
import { seedScreens } from "#tests/e2e/screens.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { startStripePeer } from "#tests/support/stripe-peer.ts";
import { makeWalletTestFiles } from "#tests/support/wallet-certs.ts";
import { cardPaidShots } from "./screenshots-card.ts";
import { codeShots, prepareCodes } from "./screenshots-codes.ts";
import { prepareScreens, type ScreenData, signIn } from "./screenshots-data.ts";
import { doorShots } from "./screenshots-door.ts";
import { orderShots } from "./screenshots-orders.ts";
import { prepareQuestions, questionShots } from "./screenshots-questions.ts";
import { prepareSeries, seriesShots } from "./screenshots-series.ts";
import { waitingListScreens } from "./screenshots-waiting-list.ts";
import { prepareWaitingRoom, waitingRoomShots } from "./screenshots-waiting-room.ts";

type As = "visitor" | "user" | "owner" | "staff";
type Shot = {
  name: string;
  path: string;
  as: As;
  /** Before the page is opened (answers of the server to stand in for). */
  before?: (page: Page) => Promise<void>;
  act?: (page: Page) => Promise<void>;
  /** Undoes what `act` changed, so the next shots see the demo data as it was. */
  after?: (page: Page) => Promise<void>;
  /** The viewport only (a dialog over the page), not the whole page. */
  viewportOnly?: true;
};

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

/** Saves the profile's email and waits for `shown` (the badge, or the notice). */
async function saveEmail(page: Page, email: string, shown: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Save name and email" }).click();
  await page.getByText(shown, { exact: true }).first().waitFor();
}

function shotsFor({ event, booking, teamId, ticketId, card }: ScreenData): Shot[] {
  const slug = (p: string) => p.replace(/^\//, "").replace(/[^\w-]+/g, "_") || "home";
  return [
    ...seedScreens.map(
      (screen): Shot => ({
        name: slug(screen.path),
        path: screen.path,
        as: screen.gated ? "user" : "visitor",
      }),
    ),
    {
      name: "home_filters_open",
      path: "/",
      as: "visitor",
      act: async (page) => {
        const toggle = page.getByRole("button", { name: /^Filters/ });
        if (await toggle.isVisible()) await toggle.click();
      },
    },
    { name: "home_searched", path: "/?q=jazz", as: "visitor" },
    { name: "home_bad_filters", path: "/?category=zz&from=%00", as: "visitor" },
    { name: "event", path: event.path, as: "visitor" },
    { name: "home_signed_in", path: "/", as: "user" },
    { name: "event_signed_in", path: event.path, as: "user" },
    { name: "booking", path: `/booking/${event.shortId}`, as: "user" },
    {
      name: "booking_attendees",
      path: `/booking/${event.shortId}`,
      as: "user",
      act: async (page) => {
        // The hold of the first run stays for the later ones (10 minutes).
        const hold = page.getByRole("button", { name: "Hold tickets" });
        if (await hold.isVisible()) {
          await page.locator("main select").first().selectOption("2");
          await hold.click();
        }
        await page.getByText("Who is coming").waitFor();
      },
    },
    // The hold above, on the event page: the person's own part (decision 032).
    {
      name: "event_signed_in_holding",
      path: event.path,
      as: "user",
      act: async (page) => {
        await page.getByRole("link", { name: "Finish booking" }).waitFor();
      },
    },
    // Card payments (issue 24): all-in prices, the hold with its split and "Pay", coming
    // back from the payment page (confirming, cancelled), a booking paid by card.
    { name: "event_card", path: card.event.path, as: "visitor" },
    { name: "booking_card_hold", path: `/booking/${card.event.shortId}`, as: "user" },
    {
      name: "booking_card_confirming",
      path: `/booking/${card.event.shortId}?checkout=${card.checkoutId}`,
      as: "user",
    },
    {
      name: "booking_card_cancelled",
      path: `/booking/${card.event.shortId}?checkout=${card.checkoutId}&back=1`,
      as: "user",
    },
    { name: "receipt_card", path: receiptPath(card.reference), as: "owner" },
    { name: "receipt_none", path: receiptPath(booking.reference), as: "user" },
    ...cardPaidShots(bookingPath(card.reference)),
    { name: "my_ticket_one", path: `/my-ticket/${ticketId}`, as: "user" },
    { name: "my_ticket_event", path: `/my_ticket/${event.id}`, as: "user" },
    {
      name: "profile_email_unverified",
      path: "/profile",
      as: "user",
      act: async (page) => saveEmail(page, "uma.new@example.com", "Not verified"),
      after: async (page) => saveEmail(page, demoAccounts.user.email, "Saved."),
    },
    { name: "login_signed_in", path: "/login?redirect=/order", as: "user" },
    { name: "register_signed_in", path: "/register", as: "user" },
    // The sign-in forms answering: fields' errors, the password shown, its rules checked.
    {
      name: "login_refused",
      path: "/login",
      as: "visitor",
      act: async (page) => {
        await page.getByLabel("Phone number or email address").fill("12");
        await page.locator('input[name="password"]').fill("not my password");
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.locator("[aria-invalid], [role=alert]").first().waitFor();
      },
    },
    {
      name: "register_refused",
      path: "/register",
      as: "visitor",
      act: async (page) => {
        await page.getByLabel("Your name").fill("Ada Lovelace");
        await page.getByLabel(/^Country/).selectOption("GB");
        await page.getByLabel("Phone number").fill("07911 12");
        await page.locator('input[name="password"]').fill("qwertyuiop");
        await page.getByRole("button", { name: "Toggle password visibility" }).click();
        await page.getByRole("button", { name: "Create account" }).click();
        await page.getByText("This is not a valid phone number").waitFor();
        // The rules the server checks, a moment after typing stopped.
        await page.waitForTimeout(1000);
      },
    },
    {
      name: "new_password_refused",
      path: "/new_password",
      as: "visitor",
      act: async (page) => {
        await page.getByLabel("Phone number").fill("07911 12");
        await page.getByLabel(/^Country/).selectOption("GB");
        await page.getByLabel("6-digit code").fill("123456");
        await page.locator('input[name="password"]').fill("violet orbit lantern 42");
        await page.getByRole("button", { name: "Set password and sign in" }).click();
        await page.locator("[aria-invalid], [role=alert]").first().waitFor();
        await page.waitForTimeout(1000);
      },
    },
    { name: "business", path: "/business", as: "owner" },
    { name: "business_events", path: "/business/events", as: "owner" },
    { name: "business_events_new", path: "/business/events/new", as: "owner" },
    { name: "business_event_editor", path: `/business/events/${event.id}`, as: "owner" },
    { name: "business_team", path: `/business/teams/${teamId}`, as: "owner" },
    // Card payments (this server has no Stripe keys: the page says why cards are off).
    { name: "business_payments", path: "/business/payments", as: "owner" },
    { name: "business_payments_return", path: "/business/payments/return", as: "owner" },
    // Revenue at a glance (issue 25): the card event's (a booking paid by card) and the business's.
    { name: "business_event_revenue", path: revenuePath(card.event.id), as: "owner" },
    { name: "business_revenue", path: revenuePath(), as: "owner" },
    // The demo door team's report, as the owner sees it (coordinators see the same).
    { name: "team_report", path: `/team_coordinator/report/${teamId}`, as: "owner" },
    {
      name: "business_message_attendees",
      path: "/business/message?to=attendees",
      as: "owner",
      act: async (page) => {
        await page.getByRole("button", { name: "Preview recipients" }).click();
        await page.getByTestId("recipient-preview").waitFor();
      },
    },
    {
      name: "business_message_sent",
      path: "/business/message?to=attendees",
      as: "owner",
      act: async (page) => {
        // Sent once, by the first run; the later ones show its history row.
        if ((await page.getByTestId("attendee-message").count()) === 0) {
          await page.getByRole("textbox", { name: /^Subject/ }).fill("Doors open at 19:30");
          await page
            .getByRole("textbox", { name: /^Message/ })
            .fill("Doors open half an hour later than printed.");
          await page.getByRole("button", { name: "Preview recipients" }).click();
          await page.getByRole("button", { name: /^Send to/ }).click();
        }
        await page.getByTestId("attendee-message").getByText("Sent", { exact: true }).waitFor();
      },
    },
    {
      name: "menu_owner",
      path: "/",
      as: "owner",
      viewportOnly: true,
      act: async (page) => {
        const burger = page.getByRole("button", { name: "Open navigation" });
        if (await burger.isVisible()) {
          await burger.click();
          await page.getByRole("dialog", { name: "Menu" }).waitFor();
          await page.waitForTimeout(300);
        }
      },
    },
    {
      // No camera in this browser: the failed state, with upload and drop still there.
      name: "scanner",
      path: `/team_coordinator/check_in/scanner/${event.id}`,
      as: "owner",
      act: async (page) => {
        await page.getByTestId("camera-error").waitFor({ timeout: 15_000 });
      },
    },
    { name: "dev_outbox", path: "/dev/outbox", as: "visitor" },
    { name: "not_found", path: "/no/such/page", as: "visitor" },
  ];
}

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
    ...waitingRoomShots(room),
    ...(await waitingListScreens(baseURL, prepared)),
    ...seriesShots(await prepareSeries(baseURL, prepared.ownerId)),
    ...codeShots(await prepareCodes(baseURL, prepared.ownerId)),
    ...questionShots(await prepareQuestions(baseURL, prepared.ownerId)),
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
