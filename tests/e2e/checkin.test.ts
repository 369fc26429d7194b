import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function axeBothSchemes(page: Page, what: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(50);
    expect({ what, scheme, violations: await seriousViolations(page) }).toEqual({
      what,
      scheme,
      violations: [],
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** An event with a door team (coordinator and staff signed in on phones) and 3 tickets. */
async function doorFixture() {
  const event = await helpers.freeEvent();
  const as = <T>(name: string, data: unknown, userId = event.organiserId) =>
    callFunction<T>(baseURL, name, data, userId);
  const coordinatorPage = await newPage(browser, { mobile: true });
  const staffPage = await newPage(browser, { mobile: true });
  const coordinatorPhone = helpers.ukMobile();
  const staffPhone = helpers.ukMobile();
  await signInAs(coordinatorPage, baseURL, { name: "Cora Coordinator", phone: coordinatorPhone });
  await signInAs(staffPage, baseURL, { name: "Stan Staff", phone: staffPhone });
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  await as("teams.addMember", { teamId, phone: coordinatorPhone, role: "coordinator" });
  await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
  await as("teams.assignEvents", { teamId, eventIds: [event.eventId] });
  const holder = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Harriet Holder",
    phone: helpers.ukMobile(),
  });
  await helpers.book(holder.userId, event, 3);
  const wallet = await as<{ tickets: { id: string; manualCode: string; qr: string }[] }>(
    "tickets.forEvent",
    { eventId: event.eventId },
    holder.userId,
  );
  return { ...event, coordinatorPage, staffPage, tickets: wallet.tickets };
}

describe("the door in the browser", () => {
  it("admits a typed code (green), says who let it in the second time (amber), and the other desk follows live", async () => {
    const f = await doorFixture();
    const desk = `${baseURL}/team_coordinator/check_in/${f.eventId}`;
    await f.coordinatorPage.goto(desk);
    await waitForHydration(f.coordinatorPage);
    const count = f.coordinatorPage.getByTestId("door-count");
    await expect.poll(() => count.textContent()).toContain("0 in of 3");
    await axeBothSchemes(f.coordinatorPage, "desk");

    const staff = f.staffPage;
    await staff.goto(`${baseURL}/team_coordinator/check_in/ticket_info?event=${f.eventId}`);
    await waitForHydration(staff);
    await axeBothSchemes(staff, "ticket check form");
    const first = f.tickets[0];
    if (!first) throw new Error("no ticket");
    await staff.getByRole("textbox", { name: "Ticket code" }).fill(first.manualCode.toLowerCase());
    await staff.getByRole("button", { name: "Check the ticket" }).click();
    const verdict = staff.locator("[data-verdict]");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("admitted");
    expect(await verdict.textContent()).toContain("Guest 1");
    await axeBothSchemes(staff, "admitted verdict");

    // The coordinator's desk moves without a reload.
    await expect.poll(() => count.textContent(), { timeout: 5000 }).toContain("1 in of 3");

    await staff.getByRole("link", { name: "Check the next ticket" }).click();
    await staff.getByRole("textbox", { name: "Ticket code" }).fill(first.qr);
    await staff.getByRole("button", { name: "Check the ticket" }).click();
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("already-checked-in");
    expect(await verdict.textContent()).toMatch(/Already checked in at \d\d:\d\d by Stan Staff/);
    await axeBothSchemes(staff, "already verdict");
    await staff.screenshot({ path: "/tmp/door-verdict-amber.png" });

    // By hand at the desk, then undone by the coordinator.
    const coordinator = f.coordinatorPage;
    await coordinator.getByRole("textbox", { name: /booking reference/ }).fill("Guest 2");
    await coordinator.getByRole("button", { name: "Search" }).click();
    await coordinator.getByRole("button", { name: "Check in Guest 2" }).click();
    await expect.poll(() => count.textContent(), { timeout: 5000 }).toContain("2 in of 3");
    await coordinator.getByRole("textbox", { name: "Why undo Guest 2?" }).fill("Wrong guest");
    await coordinator.getByRole("button", { name: "Undo" }).first().click();
    await expect.poll(() => count.textContent(), { timeout: 5000 }).toContain("1 in of 3");
    await expect
      .poll(() => coordinator.getByText("undone by Cora Coordinator: Wrong guest").count())
      .toBe(1);
    await coordinator.screenshot({ path: "/tmp/door-desk.png", fullPage: true });
  });

  it("is the 404 page for a plain user and sends a visitor to sign in", async () => {
    const event = await helpers.freeEvent();
    const plain = await newPage(browser);
    await signInAs(plain, baseURL, { name: "Pia Plain", phone: helpers.ukMobile() });
    for (const path of [
      `/team_coordinator/check_in/${event.eventId}`,
      `/team_coordinator/check_in/ticket_info?event=${event.eventId}`,
    ]) {
      expect((await plain.goto(`${baseURL}${path}`))?.status(), path).toBe(404);
    }
    const visitor = await newPage(browser);
    await visitor.goto(`${baseURL}/team_coordinator/check_in/${event.eventId}`);
    expect(new URL(visitor.url()).pathname).toBe("/login");
  });
});
