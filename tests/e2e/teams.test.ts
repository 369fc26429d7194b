import { randomInt } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  launchChromium,
  newPage as newBrowserPage,
  seriousViolations,
  waitForHydration,
} from "./browser.ts";
import { laterToday } from "./later-today.ts";
import { callFunction, signInAs } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A page from an address of its own, so this file's sign-ups use no one else's per-IP limits. */
async function newPage(options: { mobile?: boolean } = {}): Promise<Page> {
  const page = await newBrowserPage(browser, options);
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  return page;
}

/** The newest message to a phone, read from the development outbox. */
async function lastMessage(destination: string, containing: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const { messages } = await callFunction<{ messages: { text: string }[] }>(
      baseURL,
      "dev.outbox",
      { destination, limit: 1 },
    );
    const text = messages[0]?.text;
    if (text?.includes(containing)) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${destination} with ${containing}`);
}

/** A new business owner, signed in on `page`, with one published event starting in 2 hours. */
async function ownerWithEvent(page: Page) {
  const { userId } = await signInAs(page, baseURL, { name: "Olga Owner" });
  const as = <T>(name: string, data: unknown) => callFunction<T>(baseURL, name, data, userId);
  const business = await as<{ id: string }>("businesses.apply", {
    name: "Harbour Hall",
    type: "venue",
    contactPhone: "+44 20 7946 0018",
    contactEmail: "hello@harbour.example",
    address: "1 Quay Street, Bristol",
    description: "Concerts by the water.",
  });
  const { timeZone, starts, ends } = laterToday();
  const { eventId } = await as<{ eventId: string }>("events.create", {
    title: "Harbour Sessions",
    description: "",
    venueName: "Harbour Hall",
    venueAddress: "1 Quay Street, Bristol",
    timeZone,
    startsLocal: starts,
    endsLocal: ends,
    category: "music",
  });
  await as("ticketTypes.create", {
    eventId,
    name: "Standing",
    priceMinor: 0,
    currency: "GBP",
    capacity: 100,
    perOrderLimit: 4,
  });
  await as("events.publish", { eventId });
  return { userId, businessId: business.id, eventId };
}

async function axeBothSchemes(page: Page, path: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${baseURL}${path}`);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
    expect({ path, scheme, violations: await seriousViolations(page) }).toEqual({
      path,
      scheme,
      violations: [],
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("teams in the browser", () => {
  it("invites a phone by SMS; the new user registers, opens the link, sees the team; removal gives 404", async () => {
    const owner = await newPage();
    const { businessId } = await ownerWithEvent(owner);

    // The owner forms a team.
    await owner.goto(`${baseURL}/business/teams`);
    await waitForHydration(owner);
    await owner.getByLabel("Team name").fill("Front door");
    await owner.getByRole("button", { name: "Create team" }).click();
    await owner.waitForURL(/\/business\/teams\/[0-9a-f-]{36}\?created$/);
    const teamPath = new URL(owner.url()).pathname;
    await waitForHydration(owner);

    // Invites a phone that has no account, as coordinator.
    const digits = String(randomInt(0, 100_000)).padStart(5, "0");
    const phone = { national: `07911 2${digits}`, e164: `+4479112${digits}` };
    const add = owner.getByRole("form", { name: "Add someone" });
    await add.getByLabel(/^Country/).selectOption("GB");
    await add.getByLabel("Their phone number").fill(phone.national);
    await add.getByLabel("Role").selectOption("coordinator");
    await add.getByRole("button", { name: "Add to team" }).click();
    await owner.getByText(`Invitation sent by an SMS to ${phone.e164}.`).waitFor();
    // And assigns the event.
    await owner.getByLabel("Harbour Sessions").check();
    await owner.getByRole("button", { name: "Save events" }).click();
    await owner.getByText("Events saved.").waitFor();

    // The SMS carries the link.
    const sms = await lastMessage(phone.e164, "/team_coordinator/join/");
    expect(sms).toContain('Harbour Hall invites you to join the team "Front door"');
    const link = /(http\S+\/team_coordinator\/join\/\S+)/.exec(sms)?.[1] ?? "";
    const invitePath = new URL(link).pathname;

    // A new person opens it, is sent to sign in, creates an account with that phone.
    const invitee = await newPage({ mobile: true });
    await invitee.goto(`${baseURL}${invitePath}`);
    await invitee.waitForURL(/\/login\?redirect=/);
    await waitForHydration(invitee);
    await invitee.getByRole("link", { name: "Create an account" }).click();
    await invitee.waitForURL(/\/register\?redirect=/);
    await waitForHydration(invitee);
    await invitee.getByLabel("Your name").fill("Cleo Coordinator");
    await invitee.getByLabel(/^Country/).selectOption("GB");
    await invitee.getByLabel("Phone number").fill(phone.national);
    await invitee.locator('input[name="password"]').fill("violet orbit lantern 42");
    await invitee.getByRole("button", { name: "Create account" }).click();
    await invitee.waitForURL(/\/sms_verify\?id=/);
    const code = /\b(\d{6})\b/.exec(await lastMessage(phone.e164, "code"))?.[1] ?? "";
    await invitee.getByLabel("6-digit code").fill(code);
    await invitee.getByRole("button", { name: "Verify" }).click();

    // Back on the link: joined, and on the team list with the team, business and event.
    await invitee.waitForURL(/\/team_coordinator\/team_list\?joined=/);
    await invitee.getByText("Welcome to Front door of Harbour Hall.").waitFor();
    const team = invitee.getByRole("region", { name: "Front door" });
    await team.getByRole("link", { name: "Harbour Hall" }).waitFor();
    await team.getByText("Harbour Sessions", { exact: true }).waitFor();
    await team.getByText("Today").waitFor();
    await team.getByRole("link", { name: "Check-in desk for Harbour Sessions" }).waitFor();
    await waitForHydration(invitee);
    await invitee.getByRole("button", { name: "Open navigation" }).click();
    await invitee
      .getByRole("dialog", { name: "Menu" })
      .getByRole("link", { name: "My teams" })
      .waitFor();

    await axeBothSchemes(invitee, "/team_coordinator/team_list");
    await axeBothSchemes(invitee, `/team_coordinator/business/${businessId}`);
    await invitee.getByRole("heading", { name: "Your teams here" }).waitFor();
    await axeBothSchemes(owner, "/business/teams");
    await axeBothSchemes(owner, teamPath);

    // The owner removes them: their next load of the coordinator's business page is a 404.
    await owner.goto(`${baseURL}${teamPath}`);
    await waitForHydration(owner);
    await owner.getByRole("button", { name: "Remove Cleo Coordinator" }).click();
    await owner.getByText("Nobody is in this team yet").waitFor();
    const after = await invitee.goto(`${baseURL}/team_coordinator/business/${businessId}`);
    expect(after?.status()).toBe(404);
    await invitee.goto(`${baseURL}/team_coordinator/team_list`);
    await invitee.getByText("You are not in a team yet").waitFor();
    await expect(invitee.getByRole("link", { name: "My teams" }).count()).resolves.toBe(0);
  }, 150_000);

  it("answers each coordinator page per caller: visitor to sign in, strangers 404, none-members how to join", async () => {
    const owner = await newPage();
    const { businessId } = await ownerWithEvent(owner);
    const stranger = await newPage();
    await signInAs(stranger, baseURL, { name: "Sam Stranger" });
    expect(
      (await stranger.goto(`${baseURL}/team_coordinator/business/${businessId}`))?.status(),
    ).toBe(404);
    expect((await stranger.goto(`${baseURL}/business/teams/${businessId}`))?.status()).toBe(404);
    await stranger.goto(`${baseURL}/team_coordinator/team_list`);
    await stranger.getByText("You are not in a team yet").waitFor();
    await axeBothSchemes(stranger, "/team_coordinator/team_list");
    // A link that names no invitation: the join screen says so.
    await axeBothSchemes(stranger, "/team_coordinator/join/no-such-invitation");
    await stranger.getByText("This invitation link is not valid.").waitFor();
    const visitor = await newPage();
    await visitor.goto(`${baseURL}/team_coordinator/business/${businessId}`);
    expect(new URL(visitor.url()).pathname).toBe("/login");
    // The owner sees their business's page with every team.
    expect((await owner.goto(`${baseURL}/team_coordinator/business/${businessId}`))?.status()).toBe(
      200,
    );
  }, 120_000);
});
