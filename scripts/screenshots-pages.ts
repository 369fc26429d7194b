/**
 * The app's own screens for `npm run screenshots` (scripts/screenshots.ts): every seed
 * screen, then each page in the states worth looking at. Each feature's later screens are
 * in their own scripts/screenshots-*.ts.
 */
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import {
  apiKeysPath,
  apiReferencePath,
  bookingPath,
  receiptPath,
  revenuePath,
} from "#contract/paths.ts";
import { demoAccounts } from "#server/modules/demo/demo-seed.ts";
import { seedScreens } from "#tests/e2e/screens.ts";
import { callFunction, signInAs } from "#tests/e2e/session.ts";
import { cardPaidShots } from "./screenshots-card.ts";
import type { ScreenData } from "./screenshots-data.ts";

export type As = "visitor" | "user" | "owner" | "staff";
export type Shot = {
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

/** Saves the profile's email and waits for `shown` (the badge, or the notice). */
async function saveEmail(page: Page, email: string, shown: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Save name and email" }).click();
  await page.getByText(shown, { exact: true }).first().waitFor();
}

/** Makes a key on the API keys page and waits for it to be shown whole. */
async function makeApiKey(page: Page, name: string, scopes: string[]) {
  const form = page.getByRole("form", { name: "Make a key" });
  await form.getByLabel("Name").fill(name);
  for (const scope of scopes) await form.getByLabel(scope).check();
  await form.getByRole("button", { name: "Make key" }).click();
  await page.getByTestId("created-api-key").getByText(name).waitFor();
}

/**
 * Signs the page in as a new owner of a new business, whose API keys page is empty (the
 * demo owner's fills up with each run), and opens it again.
 */
export async function openAsNewOwner(page: Page, path: string) {
  const base = new URL(page.url()).origin;
  const phone = `+1555${String(randomInt(10_000_000)).padStart(7, "0")}`;
  const { userId } = await signInAs(page, base, { name: "Nia Newcomer", phone });
  await callFunction(
    base,
    "businesses.apply",
    {
      name: "Newcomer Hall",
      type: "venue",
      contactPhone: "+44 20 7946 0018",
      contactEmail: "nia@example.com",
      address: "2 Market Street, Leeds",
      description: "",
    },
    userId,
  );
  await page.goto(`${base}${path}`);
  await page.locator("header button[data-theme-toggle][data-hydrated]").waitFor();
}

export function shotsFor({ event, booking, teamId, ticketId, card }: ScreenData): Shot[] {
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
    // API keys (issue 30): a new business's empty page; a key just made, shown whole once;
    // the list with a revoked key; the public reference.
    {
      name: "business_api_keys_empty",
      path: apiKeysPath,
      as: "visitor",
      act: async (page) => {
        await openAsNewOwner(page, apiKeysPath);
        await page.getByTestId("api-keys-empty").waitFor();
      },
      after: async (page) => {
        await page.context().clearCookies();
      },
    },
    {
      name: "business_api_keys_created",
      path: apiKeysPath,
      as: "owner",
      act: async (page) => {
        await makeApiKey(page, "Website box office", ["Read events", "Read orders"]);
      },
    },
    {
      name: "business_api_keys",
      path: apiKeysPath,
      as: "owner",
      act: async (page) => {
        // Once: a key made and revoked, so the list shows one.
        if ((await page.getByTestId("api-key-revoked").count()) === 0) {
          await makeApiKey(page, "Old door scanner", ["Check in"]);
          const card = page.getByTestId("api-key").filter({ hasText: "Old door scanner" });
          await card.getByRole("button", { name: "Revoke Old door scanner" }).click();
          await page.getByRole("button", { name: "Revoke key" }).click();
          await card.getByTestId("api-key-revoked").waitFor();
          await page.reload();
        }
        await page.getByTestId("api-key-revoked").first().waitFor();
      },
    },
    { name: "developers_api", path: apiReferencePath, as: "visitor" },
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
