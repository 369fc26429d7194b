import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPageOfItsOwn, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner, uniqueUkMobile } from "./session.ts";

/**
 * What a new user trips over on screens they meet early: the goodbye page, door staff's
 * team list, an acknowledged alert and a new event's time zone.
 */
const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const newPage = (options: { mobile?: boolean } = {}) => newPageOfItsOwn(browser, options);

/** An owner with one team (the free plan's one), and a member of it signed in on `member`. */
async function teamWithMember(member: Page, role: "staff" | "coordinator") {
  const owner = await newPage();
  const ownerId = await signInAsOwner(owner, baseURL, "Tess Owner");
  await owner.close();
  const as = <T>(name: string, data: unknown) => callFunction<T>(baseURL, name, data, ownerId);
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Side door" });
  const phone = uniqueUkMobile().e164;
  await signInAs(member, baseURL, { name: "Sam Staff", phone });
  await as("teams.addMember", { teamId, phone, role });
  return { as, teamId };
}

describe("screens a new user meets", () => {
  it("says goodbye after a deletion without offering to delete the account again", async () => {
    const page = await newPage({ mobile: true });
    await page.goto(`${baseURL}/account_delete_start?deleted=1`);
    await page.getByText("Your account is deleted. Goodbye!").waitFor();
    expect(await page.getByRole("link", { name: "Continue to account deletion" }).count()).toBe(0);
    await page.goto(`${baseURL}/account_delete_start`);
    await page.getByRole("link", { name: "Continue to account deletion" }).waitFor();
    await page.close();
  });

  it("does not tell door staff that they coordinate their teams", async () => {
    const page = await newPage({ mobile: true });
    await teamWithMember(page, "staff");
    await page.goto(`${baseURL}/team_coordinator/team_list`);
    await page.getByRole("heading", { name: "Side door" }).waitFor();
    const intro = await page.locator("main").textContent();
    expect(intro).not.toMatch(/teams you coordinate/i);
    expect(intro).toMatch(/teams you are in/i);
    await page.close();
  });

  it("drops the 'new' note from the alert line once the new alert is acknowledged", async () => {
    const page = await newPage({ mobile: true });
    const { as, teamId } = await teamWithMember(page, "staff");
    await page.goto(`${baseURL}/team_coordinator/message_alert`);
    await waitForHydration(page);
    await page.getByText("No alerts yet.").waitFor();
    expect(await page.locator("main").textContent()).not.toMatch(/teams you coordinate/i);
    // Let the page's stream open.
    await page.waitForTimeout(500);
    await as("alerts.send", {
      teamIds: [teamId],
      subject: "Side gate queue",
      body: "Two more people to the side gate.",
      urgency: "normal",
    });
    const line = page.getByTestId("alert-unread");
    await expect
      .poll(() => line.textContent(), { timeout: 10_000 })
      .toBe("1 unread — new: Side gate queue");
    await page.getByRole("button", { name: "Acknowledge" }).click();
    await page.getByTestId("alert").getByText("Acknowledged").waitFor();
    await expect.poll(() => line.textContent()).toBe("No unread alerts.");
    await page.close();
  });

  it("starts a new event in the zone of the business's events, not the browser's", async () => {
    const context = await browser.newContext({
      timezoneId: "UTC",
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const page = await context.newPage();
    const ownerId = await signInAsOwner(page, baseURL, "Nia Owner");
    const zoneField = page.locator('input[name="timeZone"]');

    // No event yet: the browser's zone.
    await page.goto(`${baseURL}/business/events/new`);
    await waitForHydration(page);
    await expect.poll(() => zoneField.inputValue()).toBe("UTC");

    await callFunction(
      baseURL,
      "events.create",
      {
        title: "Harbour Jazz",
        description: "",
        venueName: "Pier 4",
        venueAddress: "",
        timeZone: "America/New_York",
        startsLocal: "2030-06-01T19:00",
        endsLocal: "2030-06-01T22:00",
        category: "music",
      },
      ownerId,
    );
    await page.goto(`${baseURL}/business/events/new`);
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(await zoneField.inputValue()).toBe("America/New_York");
    await context.close();
  });
});
