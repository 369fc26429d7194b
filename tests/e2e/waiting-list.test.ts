import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { waitingListPath } from "#contract/waiting-list.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner, uniquePhone } from "./session.ts";

/**
 * The waiting list of a sold-out ticket type (issue 29), in Chromium on a phone: a buyer
 * joins from the event page and sees their place, the organiser sees them first on the
 * event's waiting list page, tickets come back and are offered, and the buyer books them.
 */
const baseURL = inject("baseURL");
const call = <T>(name: string, data: unknown, userId?: string) =>
  callFunction<T>(baseURL, name, data, userId);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const zone = "Europe/London";
const day = () => toLocalInput(new Date(Date.now() + 25 * 86_400_000), zone).slice(0, 10);
const seat = {
  name: "Seat",
  description: "",
  priceMinor: 0,
  currency: "GBP",
  perOrderLimit: 2,
} as const;

/** A published free event with one seat, already booked by someone else: sold out. */
async function soldOutEvent(organiserId: string) {
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title: "The Full House",
      description: "One seat, and it is taken.",
      venueName: "Tiny Room",
      venueAddress: "2 Line Street, York",
      timeZone: zone,
      startsLocal: `${day()}T20:00`,
      endsLocal: `${day()}T22:00`,
      category: "music",
    },
    organiserId,
  );
  const type = await call<{ id: string }>(
    "ticketTypes.create",
    { eventId, ...seat, capacity: 1 },
    organiserId,
  );
  await call("events.publish", { eventId }, organiserId);
  const { userId: firstId } = await call<{ userId: string }>("test.signInAs", {
    name: "First Fan",
    phone: uniquePhone(),
  });
  const hold = await call<{ id: string }>(
    "holds.create",
    {
      eventId: shortId,
      items: [{ ticketTypeId: type.id, quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    },
    firstId,
  );
  await call(
    "bookings.confirm",
    { holdId: hold.id, attendees: [{ name: "First Fan" }], idempotencyKey: crypto.randomUUID() },
    firstId,
  );
  return { eventId, shortId, typeId: type.id };
}

/** No serious accessibility violation on the page, in light then dark (reloaded in each). */
async function axeCleanInBothSchemes(page: Page) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(
      scheme,
    );
    expect(await seriousViolations(page)).toEqual([]);
  }
}

/** The organiser's row of `name` on the waiting list page, once it shows `status`. */
async function rowWithStatus(page: Page, name: string, status: string) {
  const row = page.getByTestId("waiting-list-row").filter({ hasText: name });
  await row.filter({ hasText: status }).waitFor();
  return row;
}

/** Reloads the organiser's page until the row of `name` shows `status` (the worker's pace). */
async function untilRowShows(page: Page, name: string, status: string) {
  const row = page.getByTestId("waiting-list-row").filter({ hasText: name });
  await expect
    .poll(
      async () => {
        if ((await row.filter({ hasText: status }).count()) === 1) return true;
        await page.reload();
        await waitForHydration(page);
        return false;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
}

describe("the waiting list in the browser", () => {
  it("lets a buyer join a sold-out type, shows the organiser the line, offers the tickets back and books them", async () => {
    const organiser = await newPage(browser, { mobile: true });
    const organiserId = await signInAsOwner(organiser, baseURL, "List Organiser");
    const event = await soldOutEvent(organiserId);
    const eventUrl = `${baseURL}/${event.shortId}`;
    const seatCard = (page: Page) => page.getByRole("listitem").filter({ hasText: "Seat" });

    // A visitor is asked to sign in first, and comes back to the event.
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(eventUrl);
    await waitForHydration(visitor);
    const signInLink = seatCard(visitor).getByRole("link", { name: "Join the waiting list" });
    await expect(signInLink.getAttribute("href")).resolves.toMatch(/^\/login\?redirect=/);
    await visitor.close();

    // A buyer on a phone joins the list from the event page.
    const buyer = await newPage(browser, { mobile: true });
    await signInAs(buyer, baseURL, { name: "Patient Pat" });
    await buyer.goto(eventUrl);
    await waitForHydration(buyer);
    await seatCard(buyer).getByText("None left").waitFor();
    const join = seatCard(buyer).getByRole("button", { name: "Join the waiting list" });
    await join.waitFor();
    await axeCleanInBothSchemes(buyer);
    await seatCard(buyer).getByLabel("Tickets wanted").selectOption("1");
    await seatCard(buyer).getByRole("button", { name: "Join the waiting list" }).click();
    const place = "On the waiting list for 1 ticket · You are next in line.";
    await seatCard(buyer).getByText(place).waitFor();
    expect(await join.count()).toBe(0);
    // The place is the server's: it is there again on a fresh load, light and dark.
    await axeCleanInBothSchemes(buyer);
    await seatCard(buyer).getByText(place).waitFor();
    // Leaving brings the form back; joining again puts them back in line.
    await seatCard(buyer).getByRole("button", { name: "Leave the waiting list" }).click();
    await seatCard(buyer).getByRole("button", { name: "Join the waiting list" }).waitFor();
    expect(await seatCard(buyer).getByText(place).count()).toBe(0);
    await seatCard(buyer).getByRole("button", { name: "Join the waiting list" }).click();
    await seatCard(buyer).getByText(place).waitFor();

    // Nobody but the organiser may see the list: another organiser gets the 404 page.
    const stranger = await newPage(browser, { mobile: true });
    await signInAsOwner(stranger, baseURL, "Other Organiser");
    const notTheirs = await stranger.goto(`${baseURL}${waitingListPath(event.eventId)}`);
    expect(notTheirs?.status()).toBe(404);
    await stranger.close();

    // The organiser finds the list from the event's page and sees the buyer first.
    await organiser.goto(`${baseURL}/business/events/${event.eventId}`);
    await waitForHydration(organiser);
    await organiser.getByRole("link", { name: "Waiting list" }).click();
    await organiser.waitForURL(`${baseURL}${waitingListPath(event.eventId)}`);
    await waitForHydration(organiser);
    const first = await rowWithStatus(organiser, "Patient Pat", "Waiting");
    await expect(first.locator("td").first().textContent()).resolves.toBe("1");
    // No ticket is free: "Offer now" says why it cannot.
    const offer = first.getByRole("button", { name: /Offer now/ });
    await expect(offer.isDisabled()).resolves.toBe(true);
    await organiser.getByText("No tickets are free").waitFor();
    await axeCleanInBothSchemes(organiser);

    // The settings: a refused number is shown at its field; a good one is saved.
    const hours = organiser.getByLabel("Hours an offer holds the tickets");
    await hours.fill("0");
    await organiser.getByRole("button", { name: "Save waiting list settings" }).click();
    await organiser.getByText("At least 1 hour.").waitFor();
    await expect
      .poll(() =>
        organiser.getByLabel("Hours an offer holds the tickets").getAttribute("aria-invalid"),
      )
      .toBe("true");
    await organiser.getByLabel("Hours an offer holds the tickets").fill("24");
    await organiser.getByRole("button", { name: "Save waiting list settings" }).click();
    await organiser.getByText("Waiting list settings saved.").waitFor();

    // A second seat: the line's worker offers it, or the organiser does by hand.
    await call(
      "ticketTypes.update",
      { ticketTypeId: event.typeId, ...seat, capacity: 2 },
      organiserId,
    );
    await organiser.reload();
    await waitForHydration(organiser);
    const row = organiser.getByTestId("waiting-list-row").filter({ hasText: "Patient Pat" });
    const offerNow = row.getByRole("button", { name: /Offer now/ });
    if ((await offerNow.count()) === 1 && (await offerNow.isEnabled())) await offerNow.click();
    await untilRowShows(organiser, "Patient Pat", "Offered");
    await axeCleanInBothSchemes(organiser);

    // The buyer sees the tickets held for them, and books them.
    await buyer.reload();
    await waitForHydration(buyer);
    await seatCard(buyer).getByText("1 ticket is held for you until").waitFor();
    expect(await seriousViolations(buyer)).toEqual([]);
    await seatCard(buyer).getByRole("link", { name: "Book them" }).click();
    await buyer.waitForURL(`${baseURL}/booking/${event.shortId}`);
    await waitForHydration(buyer);
    // Held for hours: the deadline, not a minutes countdown.
    await buyer.getByText("Held for you until").waitFor();
    expect(await buyer.getByText(/Held for you for \d+:\d\d/).count()).toBe(0);
    expect(await seriousViolations(buyer)).toEqual([]);
    await buyer.getByLabel("Ticket 1 (Seat): attendee's name").fill("Patient Pat");
    await buyer.getByRole("button", { name: "Confirm booking" }).click();
    await buyer.waitForURL(/\/booking_refrence\?reference=/);

    // The organiser's list shows the entry booked (once the worker has settled the offer).
    await untilRowShows(organiser, "Patient Pat", "Booked");
  });
});
