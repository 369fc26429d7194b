import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner } from "./session.ts";

/**
 * A hot on-sale through the waiting room (issue 28, decision 033), in Chromium: the
 * organiser turns the room on, a buyer waits for the start and gets their turn, someone
 * who did not queue is refused, and a buyer still waiting hears the sell-out live.
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
const panel = (page: Page) => page.getByTestId("waiting-room");
const phaseOf = (page: Page) => panel(page).getAttribute("data-phase");

/** Waits until the room's panel shows `phase` (the page moves on by itself). */
async function reachPhase(page: Page, phase: string, timeout = 30_000) {
  await page.locator(`[data-testid="waiting-room"][data-phase="${phase}"]`).waitFor({ timeout });
}

/**
 * The sale's start: a whole minute (the form's precision) at least 20 s ahead, so the
 * buyer has time to join and see the countdown on a busy machine.
 */
function nextMinuteStart(): Date {
  return new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
}

/** A published event with two tickets of one type, by a fresh organiser signed in on `page`. */
async function twoTicketEvent(page: Page) {
  const organiserId = await signInAsOwner(page, baseURL, "Room Organiser");
  const day = toLocalInput(new Date(Date.now() + 20 * 86_400_000), zone).slice(0, 10);
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title: "The Rush Concert",
      description: "Few seats, many fans.",
      venueName: "Small Room",
      venueAddress: "1 Queue Lane, Leeds",
      timeZone: zone,
      startsLocal: `${day}T20:00`,
      endsLocal: `${day}T23:00`,
      category: "music",
    },
    organiserId,
  );
  await call(
    "ticketTypes.create",
    { eventId, name: "Seat", priceMinor: 0, currency: "GBP", capacity: 2, perOrderLimit: 2 },
    organiserId,
  );
  await call("events.publish", { eventId }, organiserId);
  return { eventId, shortId };
}

describe("the waiting room in the browser", () => {
  it("counts down, admits in turn, refuses those who did not queue, and tells the rest at sell-out", async () => {
    const organiser = await newPage(browser, { mobile: true });
    const event = await twoTicketEvent(organiser);

    // The organiser turns the room on: the start in the event's zone, one checkout at a time.
    const start = nextMinuteStart();
    await organiser.goto(`${baseURL}/business/events/${event.eventId}`);
    await waitForHydration(organiser);
    const card = organiser.getByRole("region", { name: "Waiting room" });
    await card.getByLabel("Use a waiting room for this sale").check();
    await card.getByLabel("Sale opens").fill(toLocalInput(start, zone));
    await card.getByLabel("Buyers choosing at once").fill("0");
    await card.getByRole("button", { name: "Save waiting room" }).click();
    // A refusal is shown by its field, what was typed kept.
    await card.getByText("At least 1 buyer at a time.").waitFor();
    await card.getByLabel("Buyers choosing at once").fill("1");
    await card.getByRole("button", { name: "Save waiting room" }).click();
    await card.getByText("Saved: the sale has a waiting room.").waitFor();

    // A buyer opens the event page: the way in is the room.
    const buyer = await newPage(browser, { mobile: true });
    const { userId: buyerId } = await signInAs(buyer, baseURL, { name: "Early Ada" });
    await buyer.goto(`${baseURL}/${event.shortId}`);
    await waitForHydration(buyer);
    await buyer.getByText("This sale uses a waiting room. It opens at").waitFor();
    await buyer.getByRole("link", { name: "Join the waiting room" }).click();
    await buyer.waitForURL(`${baseURL}/waiting_room/${event.shortId}`);

    // Before the start: the countdown, moving by itself.
    await reachPhase(buyer, "before-start");
    const first = await buyer.getByTestId("countdown").textContent();
    await buyer.waitForFunction(
      (before) => document.querySelector('[data-testid="countdown"]')?.textContent !== before,
      first,
    );
    expect(await buyer.getByText("arriving early gives no advantage").count()).toBe(1);
    expect(await seriousViolations(buyer)).toEqual([]);

    // At the start the buyer gets place 1 and, the only one in the room, their turn.
    await reachPhase(buyer, "admitted", Math.max(0, start.getTime() - Date.now()) + 20_000);
    await buyer.getByRole("heading", { name: "It's your turn" }).waitFor();
    expect(await seriousViolations(buyer)).toEqual([]);

    // A second buyer arrives after the start: next in line, but not let in while the first
    // one's checkout is open (one at a time).
    const late = await newPage(browser, { mobile: true });
    await signInAs(late, baseURL, { name: "Late Lou" });
    await late.goto(`${baseURL}/waiting_room/${event.shortId}`);
    await reachPhase(late, "waiting");
    await expect(late.getByTestId("place").textContent()).resolves.toBe("2");
    await late.getByText("Nobody is ahead of you.", { exact: true }).waitFor();
    expect(await seriousViolations(late)).toEqual([]);

    // Someone who did not queue is refused, with the way into the room.
    const outsider = await newPage(browser, { mobile: true });
    await signInAs(outsider, baseURL, { name: "Pushy Pat" });
    await outsider.goto(`${baseURL}/booking/${event.shortId}`);
    await waitForHydration(outsider);
    await outsider.getByLabel("Seat", { exact: true }).selectOption("1");
    await outsider.getByRole("button", { name: "Hold tickets" }).click();
    await outsider.getByText("This sale has a waiting room: join it to get your turn.").waitFor();
    await outsider.getByRole("link", { name: "Join the waiting room" }).click();
    await outsider.waitForURL(`${baseURL}/waiting_room/${event.shortId}`);

    // The first buyer chooses their tickets: the event page says it is their turn.
    await buyer.getByRole("link", { name: "Choose your tickets" }).click();
    await buyer.getByText(/It's your turn: choose by \d\d:\d\d/).waitFor();
    await buyer.getByRole("link", { name: "Book tickets" }).click();
    await buyer.waitForURL(`${baseURL}/booking/${event.shortId}`);
    await buyer.getByLabel("Seat", { exact: true }).selectOption("2");
    await buyer.getByRole("button", { name: "Hold tickets" }).click();
    await buyer.getByRole("button", { name: "Confirm booking" }).waitFor();

    // Every ticket held: the late buyer is told why the queue stands still.
    await late
      .getByText("All tickets are held by buyers right now; some may come back.")
      .waitFor({ timeout: 15_000 });

    // The first buyer books both tickets: everyone still waiting hears it is sold out.
    const hold = await call<{ id: string }>("holds.current", { eventId: event.shortId }, buyerId);
    await call(
      "bookings.confirm",
      {
        holdId: hold.id,
        attendees: [{ name: "Ada" }, { name: "Ada's friend" }],
        idempotencyKey: crypto.randomUUID(),
      },
      buyerId,
    );
    await reachPhase(late, "sold-out", 15_000);
    await late.getByRole("heading", { name: "Sold out" }).waitFor();
    await reachPhase(outsider, "sold-out", 15_000);
    expect(await phaseOf(late)).toBe("sold-out");
    expect(await seriousViolations(late)).toEqual([]);
  }, 150_000);

  it("sends a visitor to sign in, then back to the room", async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseURL}/waiting_room/abcdefgh`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/waiting_room/abcdefgh");
    expect(response?.status()).toBe(200);
  });
});
