import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, uniquePhone } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Calls a function over HTTP, as `userId` when given. */
function call<T>(name: string, data: unknown, userId?: string): Promise<T> {
  return callFunction<T>(baseURL, name, data, userId);
}

type TicketType = { id: string; name: string; remaining: number; onSale: boolean };
type EventPage = { shortId: string; title: string; ticketTypes: TicketType[] };

/** A demo event (seeded on the e2e server's fresh database) found through the search. */
async function demoEvent(words: string): Promise<EventPage> {
  const { events } = await call<{ events: { shortId: string }[] }>("events.search", {
    q: words,
  });
  const [first] = events;
  if (!first) throw new Error(`no demo event matches "${words}"`);
  return call<EventPage>("events.get", { id: first.shortId });
}

const inDays = (days: number, hour: number) =>
  `${toLocalInput(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10)}T${hour}:00`;

type SmallEvent = EventPage & { eventId: string; organiserId: string };

/** A published event with one ticket type of `capacity`, through the console's functions. */
async function smallEvent(capacity: number): Promise<SmallEvent> {
  const { userId } = await call<{ userId: string }>("test.signInAs", {
    name: "Booking Organiser",
    phone: uniquePhone(),
  });
  await call(
    "businesses.apply",
    {
      name: "Small Rooms Ltd",
      type: "venue",
      contactPhone: "+442071234567",
      contactEmail: "rooms@example.com",
      address: "3 Quay Street, Leeds",
    },
    userId,
  );
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title: "Attic Sessions",
      description: "Two seats under the roof.",
      venueName: "The Attic",
      venueAddress: "3 Quay Street, Leeds",
      timeZone: "Europe/London",
      startsLocal: inDays(15, 20),
      endsLocal: inDays(15, 22),
      category: "music",
    },
    userId,
  );
  await call(
    "ticketTypes.create",
    { eventId, name: "Seat", priceMinor: 0, currency: "GBP", capacity, perOrderLimit: 4 },
    userId,
  );
  await call("events.publish", { eventId }, userId);
  const page = await call<EventPage>("events.get", { id: shortId });
  return { ...page, eventId, organiserId: userId };
}

const countdown = (page: Page) => page.getByText(/^Held for you for \d+:\d\d$/);

async function holdTickets(page: Page, typeName: string, quantity: number) {
  await page.getByLabel(typeName, { exact: true }).selectOption(String(quantity));
  await page.getByRole("button", { name: "Hold tickets" }).click();
  await countdown(page).waitFor();
}

describe("booking (issue 5)", () => {
  it("books 2 tickets of a demo event, then finds them on /order, /upcomming and by reference", async () => {
    const event = await demoEvent("Printmaking");
    const entry = event.ticketTypes.find((type) => type.name === "Entry");
    expect(entry?.onSale && entry.remaining >= 2).toBe(true);
    const phone = uniquePhone();
    const page = await newPage(browser, { mobile: true });
    await signInAs(page, baseURL, { name: "Rosa Booker", phone });

    await page.goto(`${baseURL}/booking/${event.shortId}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Book tickets",
    );
    await expect(page.title()).resolves.toBe("Book tickets · Tickets");
    await holdTickets(page, "Entry", 2);
    // The countdown runs in the page: its text changes within a couple of seconds.
    const shown = await countdown(page).textContent();
    await expect.poll(() => countdown(page).textContent(), { timeout: 5000 }).not.toBe(shown);
    await expect(page.getByText("2 × Entry").count()).resolves.toBe(1);

    // A reload resumes the hold (holds.current) rather than starting over.
    await page.reload();
    await waitForHydration(page);
    await countdown(page).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    const firstName = page.getByLabel("Ticket 1 (Entry): attendee's name");
    await expect(firstName.inputValue()).resolves.toBe("Rosa Booker");
    await page.getByLabel("Ticket 2 (Entry): attendee's name").fill("Sam Guest");
    await page.getByText("Pay at the venue:").waitFor();
    await page.getByRole("button", { name: "Confirm booking" }).click();

    await page.waitForURL(/\/booking_refrence\?reference=/);
    const reference = new URL(page.url()).searchParams.get("reference") ?? "";
    expect(reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await page.getByText("Sam Guest").waitFor();
    await expect(page.getByText(reference, { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByText("To pay at the venue").count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: "Cancel booking" }).count()).resolves.toBe(1);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await page.goto(`${baseURL}/order`);
    const order = page.getByRole("listitem").filter({ hasText: reference });
    await order.waitFor();
    const orderText = await order.textContent();
    expect(orderText).toContain(event.title);
    expect(orderText).toContain("2 tickets");
    expect(orderText).toContain("£12.00");
    expect(orderText).toContain("Confirmed");
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await order.getByRole("link", { name: event.title }).click();
    await page.waitForURL(`${baseURL}/booking_refrence?reference=${reference}`);

    await page.goto(`${baseURL}/upcomming`);
    const group = page.getByRole("listitem").filter({ hasText: event.title }).first();
    await group.waitFor();
    for (const name of ["Rosa Booker", "Sam Guest"]) {
      const href = await group.getByRole("link", { name }).getAttribute("href");
      expect(href).toMatch(/^\/my-ticket\/[0-9a-f-]{36}$/);
    }
    await page.close();

    // A visitor (a fresh browser context) with the reference and the phone used.
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(`${baseURL}/booking_refrence?reference=${reference}`);
    await waitForHydration(visitor);
    await expect(visitor.getByLabel("Booking reference").inputValue()).resolves.toBe(reference);
    await visitor.getByLabel("Phone number or email used to book").fill("+15550000000");
    await visitor.getByRole("button", { name: "Find booking" }).click();
    await visitor
      .getByText("We found no booking with this reference and this phone number or email.")
      .waitFor();
    await visitor.getByLabel("Phone number or email used to book").fill(phone);
    await visitor.getByRole("button", { name: "Find booking" }).click();
    await visitor.getByText("Sam Guest").waitFor();
    await expect(visitor.getByText(event.title).count()).resolves.toBeGreaterThan(0);
    await expect(visitor.getByRole("button", { name: "Cancel booking" }).count()).resolves.toBe(0);
    await visitor.close();
  });

  it("explains a sold-out event in words, and a hold that lost the race to the last tickets", async () => {
    const soldOut = await demoEvent("Techno Marathon");
    const page = await newPage(browser);
    await signInAs(page, baseURL, { name: "Late Comer" });
    await page.goto(`${baseURL}/booking/${soldOut.shortId}`);
    await page.getByText("Sold out: every ticket for this event has been booked.").waitFor();
    await expect(page.getByLabel("Entry", { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Hold tickets" }).count()).resolves.toBe(0);

    // Two seats; someone else holds both between this page's render and its submit.
    const small = await smallEvent(2);
    const seat = small.ticketTypes[0];
    if (!seat) throw new Error("no ticket type");
    await page.goto(`${baseURL}/booking/${small.shortId}`);
    await waitForHydration(page);
    await page.getByLabel("Seat", { exact: true }).selectOption("2");
    const other = await call<{ userId: string }>("test.signInAs", {
      name: "Quick Buyer",
      phone: uniquePhone(),
    });
    await call(
      "holds.create",
      {
        eventId: small.shortId,
        items: [{ ticketTypeId: seat.id, quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      },
      other.userId,
    );
    await page.getByRole("button", { name: "Hold tickets" }).click();
    await page.getByText("Sold out.", { exact: true }).waitFor();
    await expect(countdown(page).count()).resolves.toBe(0);
    await page.close();
  });

  it("works without JavaScript: hold, confirm, see the booking and cancel it", async () => {
    const event = await demoEvent("Farmers Market");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const page = await context.newPage();
    await signInAs(page, baseURL, { name: "Noel Script" });
    const missing = await page.goto(`${baseURL}/booking/no-such-event-zzzzzz`);
    expect(missing?.status()).toBe(404);

    await page.goto(`${baseURL}/booking/${event.shortId}`);
    await page.getByLabel("Entry", { exact: true }).selectOption("1");
    await page.getByRole("button", { name: "Hold tickets" }).click();
    await countdown(page).waitFor();
    await page.getByText("These tickets are free").waitFor();
    await page.getByLabel("Email for the confirmation (optional)").fill("not-an-email");
    // The browser's own check would stop it; a server refusal is what is tested here.
    await page.locator("form:has(input[name=contactEmail])").evaluate((form) => {
      form.setAttribute("novalidate", "");
    });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.getByText("Enter an email address like name@example.com.").waitFor();
    await expect(page.getByLabel("Ticket 1 (Entry): attendee's name").inputValue()).resolves.toBe(
      "Noel Script",
    );
    await page.getByLabel("Email for the confirmation (optional)").fill("noel@example.com");
    await page.getByRole("button", { name: "Confirm booking" }).click();

    await page.waitForURL(/\/booking_refrence\?reference=/);
    await page.getByText("Free: nothing to pay").waitFor();
    // Without JavaScript the dialog is a page with the same form.
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await page.getByText("Nothing was paid by card: nothing to refund.").waitFor();
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await page.getByText("1 ticket cancelled.").waitFor();
    await expect(page.getByText("Cancelled", { exact: true }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("turns the countdown into 'Your hold expired' with a hold-again button, and explains a cancelled event", async () => {
    const small = await smallEvent(4);
    const page = await newPage(browser, { mobile: true });
    await page.clock.install();
    await signInAs(page, baseURL, { name: "Slow Chooser" });
    await page.goto(`${baseURL}/booking/${small.shortId}`);
    await waitForHydration(page);
    await holdTickets(page, "Seat", 1);
    // Past any hold length (HOLD_MINUTES is at most 60): the page counts on its own.
    await page.clock.fastForward(61 * 60_000);
    await page.getByText("Your hold expired").waitFor();
    await expect(page.getByRole("button", { name: "Confirm booking" }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Hold again" }).click();
    await countdown(page).waitFor();
    await expect(page.getByText("1 × Seat").count()).resolves.toBe(1);

    await call("events.cancel", { eventId: small.eventId }, small.organiserId);
    await page.reload();
    await page
      .getByText("This event was cancelled: its tickets can no longer be booked.")
      .waitFor();
    await expect(page.getByRole("button", { name: "Hold tickets" }).count()).resolves.toBe(0);
    await page.close();
  });
});
