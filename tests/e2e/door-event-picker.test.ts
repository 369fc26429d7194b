import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { laterToday } from "./later-today.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
const pickerPath = "/team_coordinator/check_in/ticket_info";
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** An organiser's event tonight and one in ten days, both worked by a team with Stan Staff. */
async function twoEvents(staffPhone: string) {
  const organiser = await helpers.freeEvent();
  const as = <T>(name: string, data: unknown) =>
    callFunction<T>(baseURL, name, data, organiser.organiserId);
  const { timeZone, starts, ends } = laterToday();
  const tonight = await as<{ eventId: string }>("events.create", {
    title: "Tonight at the Door",
    description: "",
    venueName: "The Loft",
    venueAddress: "5 Quay Street, Leeds",
    timeZone,
    startsLocal: starts,
    endsLocal: ends,
    category: "music",
  });
  await as("ticketTypes.create", {
    eventId: tonight.eventId,
    name: "Standing",
    priceMinor: 0,
    currency: "GBP",
    capacity: 10,
    perOrderLimit: 4,
  });
  await as("events.publish", { eventId: tonight.eventId });
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
  await as("teams.assignEvents", { teamId, eventIds: [organiser.eventId, tonight.eventId] });
  return { tonightId: tonight.eventId, laterId: organiser.eventId };
}

describe("the typed-code page without an event", () => {
  it("lists today's events of the member's teams, each opening its typed-code check", async () => {
    const staffPhone = helpers.ukMobile();
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Stan Staff", phone: staffPhone });
    const { tonightId } = await twoEvents(staffPhone);
    const response = await page.goto(`${baseURL}${pickerPath}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const tonight = page.getByRole("link", { name: "Tonight at the Door" });
    await tonight.waitFor();
    // The event in ten days is not today's: not listed.
    expect(await page.getByRole("link", { name: "Night of Scanners" }).count()).toBe(0);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), `event picker, ${scheme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await tonight.click();
    await page.waitForURL(`${baseURL}${pickerPath}?event=${tonightId}`);
    await page.getByRole("textbox", { name: "Ticket code" }).waitFor();
    expect(await page.getByText("At the door of Tonight at the Door.").count()).toBe(1);
    await page.close();
  });

  it("says there is no event today to a member of no team working one, and sends a visitor to sign in", async () => {
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Pia Plain", phone: helpers.ukMobile() });
    expect((await page.goto(`${baseURL}${pickerPath}`))?.status()).toBe(200);
    await page.getByTestId("no-door-events").waitFor();
    expect(await page.getByTestId("no-door-events").textContent()).toContain(
      "No event of yours today",
    );
    const visitor = await newPage(browser);
    await visitor.goto(`${baseURL}${pickerPath}`);
    expect(new URL(visitor.url()).pathname).toBe("/login");
    await page.close();
    await visitor.close();
  });
});
