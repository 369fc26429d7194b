import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { qrPng } from "#server/modules/tickets/qr-image.ts";
import { launchChromium, newPage, waitForHydration } from "./browser.ts";
import { overlay } from "./scanner-page.ts";
import { callFunction, signInAs } from "./session.ts";
import { ticketHelpers } from "./ticket-helpers.ts";

const baseURL = inject("baseURL");
const helpers = ticketHelpers(baseURL);
let browser: Browser;

beforeAll(async () => {
  // No fake camera: the scanner reads uploaded images only, nothing else in view.
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** An event whose door team has Sam Staff, and one ticket's QR code. */
async function oneTicketDoor() {
  const event = await helpers.freeEvent();
  const as = <T>(name: string, data: unknown) =>
    callFunction<T>(baseURL, name, data, event.organiserId);
  const staffPhone = helpers.ukMobile();
  await callFunction(baseURL, "test.signInAs", { name: "Sam Staff", phone: staffPhone });
  const { teamId } = await as<{ teamId: string }>("teams.create", { name: "Front door" });
  await as("teams.addMember", { teamId, phone: staffPhone, role: "staff" });
  await as("teams.assignEvents", { teamId, eventIds: [event.eventId] });
  const holder = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Ivy Again",
    phone: helpers.ukMobile(),
  });
  await helpers.book(holder.userId, event, 1);
  const wallet = await callFunction<{ tickets: { qr: string }[] }>(
    baseURL,
    "tickets.forEvent",
    { eventId: event.eventId },
    holder.userId,
  );
  const qr = wallet.tickets[0]?.qr;
  if (!qr) throw new Error("expected a ticket");
  return { eventId: event.eventId, staffPhone, qr };
}

const overlayAttribute = (page: Page, name: string) =>
  overlay(page)
    .getAttribute(name, { timeout: 500 })
    .catch(() => null);

describe("the same image file chosen again on the scanner", () => {
  it("is scanned again: the second time its first verdict, marked as a repeat, not sent again", async () => {
    const door = await oneTicketDoor();
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Sam Staff", phone: door.staffPhone });
    const scans: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/fn/checkin.scan")) scans.push(request.url());
    });
    await page.goto(`${baseURL}/team_coordinator/check_in/scanner/${door.eventId}`);
    await waitForHydration(page);
    const input = page.locator('input[type="file"]');
    const file = { name: "ticket.png", mimeType: "image/png", buffer: await qrPng(door.qr) };
    await input.setInputFiles(file);
    const verdict = overlay(page).locator("[data-verdict]");
    // The first read loads the reader (.wasm) and asks the server: seconds on a busy machine
    // (vitest's poll gives up after 1 s by default).
    await expect
      .poll(() => verdict.getAttribute("data-verdict", { timeout: 500 }), { timeout: 15_000 })
      .toBe("admitted");
    expect(await overlay(page).getAttribute("data-repeat")).toBeNull();
    await page.getByRole("button", { name: "Scan the next ticket" }).click();
    await overlay(page).waitFor({ state: "detached" });
    // Emptied after the first choice, so the same file is a new choice.
    expect(await input.evaluate((element: HTMLInputElement) => element.value)).toBe("");
    await input.setInputFiles(file);
    await expect
      .poll(() => overlayAttribute(page, "data-repeat"), { timeout: 15_000 })
      .toBe("true");
    expect(await verdict.getAttribute("data-verdict")).toBe("admitted");
    expect(await overlay(page).textContent()).toContain("Repeat scan");
    expect(scans).toHaveLength(1);
    await page.close();
  });
});
