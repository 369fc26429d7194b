import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { orderPath, ordersPath } from "#contract/paths.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner } from "./session.ts";
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

/** An organiser signed in on a phone, their published free event and one booking of 3. */
async function ordersFixture() {
  const event = await helpers.freeEvent();
  const buyer = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Bella Buyer",
    phone: helpers.ukMobile(),
  });
  await helpers.book(buyer.userId, event, 3);
  const page = await newPage(browser, { mobile: true });
  await signInAs(page, baseURL, { name: "Ticket Organiser", phone: event.organiserPhone });
  const stranger = await newPage(browser, { mobile: true });
  await signInAsOwner(stranger, baseURL, "Other Owner");
  const list = await callFunction<{ items: { id: string }[] }>(
    baseURL,
    "orders.list",
    { eventId: event.eventId },
    event.organiserId,
  );
  return { page, stranger, event, bookingId: list.items[0]?.id ?? "" };
}

describe("the organiser's orders in the browser", () => {
  it("lists, opens and exports orders, axe clean in light and dark; others get 404", async () => {
    const { page, stranger, event, bookingId } = await ordersFixture();
    await page.goto(`${baseURL}${ordersPath(event.eventId)}`);
    await waitForHydration(page);
    await page.getByText("Bella Buyer").waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect({ scheme, violations: await seriousViolations(page) }).toEqual({
        scheme,
        violations: [],
      });
    }
    await page.getByRole("link", { name: /-/ }).first().click();
    await page.getByRole("heading", { name: /^Order / }).waitFor();
    await page.getByText("Booked 3 tickets, free.").waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect({ scheme, violations: await seriousViolations(page) }).toEqual({
        scheme,
        violations: [],
      });
    }
    const csv = await page.request.get(`${baseURL}/business/events/${event.eventId}/attendees.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(4);

    const theirs = [
      ordersPath(event.eventId),
      orderPath(event.eventId, bookingId),
      `/business/events/${event.eventId}/orders.csv`,
      `/business/events/${event.eventId}/attendees.csv`,
    ];
    for (const path of theirs) {
      const response = await stranger.request.get(`${baseURL}${path}`);
      expect({ path, status: response.status() }).toEqual({ path, status: 404 });
    }
  });
});
