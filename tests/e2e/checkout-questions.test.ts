import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { questionsPath } from "#contract/paths.ts";
import { toLocalInput } from "#contract/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner } from "./session.ts";

/**
 * Questions at checkout (issue 29 part 4, decision 037), in Chromium on a phone: the
 * organiser adds questions on the questions page; a buyer holds two tickets, is refused
 * without the required answers (said on the fields, what was typed kept), answers, books,
 * and the booking shows the answers, which stay when the organiser then removes a question.
 */
const base = inject("baseURL").replace("127.0.0.1", "localhost");
const call = <T>(name: string, data: unknown, userId?: string) =>
  callFunction<T>(base, name, data, userId);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const zone = "Europe/London";
const day = () => toLocalInput(new Date(Date.now() + 20 * 86_400_000), zone).slice(0, 10);

/** The organiser's published event with one free type, Child. */
async function freeEvent(ownerId: string) {
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title: "Robot Workshop",
      description: "Build a robot.",
      venueName: "Maker Hall",
      venueAddress: "3 Bolt Street, Leeds",
      timeZone: zone,
      startsLocal: `${day()}T10:00`,
      endsLocal: `${day()}T13:00`,
      category: "family",
    },
    ownerId,
  );
  await call(
    "ticketTypes.create",
    { eventId, name: "Child", priceMinor: 0, currency: "GBP", capacity: 20, perOrderLimit: 4 },
    ownerId,
  );
  await call("events.publish", { eventId }, ownerId);
  return { eventId, shortId };
}

/** No serious accessibility violation on the page as it is now, in light then dark. */
async function axeCleanNow(page: Page) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
}

/** Adds a question on the page's "Add question" form. */
async function addQuestion(
  page: Page,
  question: { label: string; kind: string; options?: string; required: boolean; scope: string },
) {
  const form = page.getByRole("form", { name: "Add question" });
  await form.getByLabel(/^Question/).fill(question.label);
  await form.getByLabel(question.kind, { exact: true }).check();
  await form.getByLabel("Options of a choice").fill(question.options ?? "");
  const required = form.getByLabel(/^Required/);
  if (question.required) await required.check();
  else await required.uncheck();
  await form.getByLabel(question.scope).check();
  await form.getByRole("button", { name: "Add question" }).click();
}

describe("questions at checkout in the browser", () => {
  it("lets the organiser ask; the buyer is refused without the required answers, answers and sees them on the booking", async () => {
    const organiser = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(organiser, base, "Question Organiser");
    const event = await freeEvent(ownerId);

    // The questions page, linked from the event's editor: empty at first.
    await organiser.goto(`${base}/business/events/${event.eventId}`);
    await waitForHydration(organiser);
    await organiser.getByRole("link", { name: "Questions at checkout" }).click();
    await organiser.waitForURL(`${base}${questionsPath(event.eventId)}`);
    await organiser.getByTestId("questions-empty").waitFor();
    await axeCleanNow(organiser);

    // A choice with one option is refused on its options; with three it is added.
    const size = {
      label: "T-shirt size",
      kind: "Choice",
      required: true,
      scope: "For each attendee",
    };
    await addQuestion(organiser, { ...size, options: "S" });
    const form = organiser.getByRole("form", { name: "Add question" });
    await form.getByText("Give at least 2 options.").waitFor();
    await expect(form.getByLabel("Options of a choice").getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await addQuestion(organiser, { ...size, options: "S\nM\nL" });
    const cards = organiser.getByTestId("event-question");
    await cards.filter({ hasText: "T-shirt size" }).waitFor();
    await addQuestion(organiser, {
      label: "Date of birth",
      kind: "Date",
      required: false,
      scope: "For each attendee",
    });
    await cards.filter({ hasText: "Date of birth" }).waitFor();
    await addQuestion(organiser, {
      label: "I agree to the photo policy",
      kind: "Checkbox",
      required: true,
      scope: "Once per order",
    });
    await cards.filter({ hasText: "I agree to the photo policy" }).waitFor();
    await expect(cards.count()).resolves.toBe(3);
    await expect(cards.first().textContent()).resolves.toContain(
      "Choice: S, M, L · Required · For each attendee",
    );
    await axeCleanNow(organiser);

    // A buyer holds two tickets and confirms without the required answers.
    const buyer = await newPage(browser, { mobile: true });
    await signInAs(buyer, base, { name: "Bea Buyer" });
    await buyer.goto(`${base}/booking/${event.shortId}`);
    await waitForHydration(buyer);
    await buyer.getByLabel("Child").selectOption("2");
    await buyer.getByRole("button", { name: "Hold tickets" }).click();
    await buyer.getByText("Who is coming").waitFor();
    await buyer.getByLabel(/^Ticket 1 .*attendee's name/).fill("Bea Buyer");
    await buyer.getByLabel(/^Ticket 2 .*attendee's name/).fill("Ben Buyer");
    await buyer.getByLabel("Date of birth").first().fill("2015-04-01");
    await buyer.getByRole("button", { name: "Confirm booking" }).click();
    await buyer.getByText("Tick this box to go on.").waitFor();
    const sizes = buyer.getByRole("radiogroup", { name: "T-shirt size" });
    await expect(sizes.count()).resolves.toBe(2);
    for (const index of [0, 1]) {
      const described = await sizes.nth(index).getAttribute("aria-describedby");
      await expect(buyer.locator(`[id="${described}"]`).textContent()).resolves.toBe(
        "Answer this question.",
      );
    }
    await expect(buyer.getByLabel("Date of birth").first().inputValue()).resolves.toBe(
      "2015-04-01",
    );
    await expect(buyer.getByLabel(/^Ticket 2 .*attendee's name/).inputValue()).resolves.toBe(
      "Ben Buyer",
    );
    await axeCleanNow(buyer);

    // Answered, it books; the booking shows each attendee's answers and the order's.
    await sizes.nth(0).getByLabel("S").check();
    await sizes.nth(1).getByLabel("M").check();
    await buyer.getByLabel("I agree to the photo policy (required)").check();
    await buyer.getByRole("button", { name: "Confirm booking" }).click();
    await buyer.waitForURL(/\/booking_refrence\?reference=/);
    await waitForHydration(buyer);
    const tickets = buyer.getByRole("listitem");
    const bea = tickets.filter({ hasText: "Bea Buyer" });
    await expect(bea.textContent()).resolves.toMatch(/T-shirt size:\s*S/);
    await expect(bea.textContent()).resolves.toMatch(/Date of birth:\s*2015-04-01/);
    const ben = tickets.filter({ hasText: "Ben Buyer" });
    await expect(ben.textContent()).resolves.toMatch(/T-shirt size:\s*M/);
    await expect(ben.textContent()).resolves.not.toContain("Date of birth");
    await expect(
      buyer.getByRole("region", { name: "Your answers" }).textContent(),
    ).resolves.toMatch(/I agree to the photo policy:\s*Yes/);
    await axeCleanNow(buyer);

    // The organiser moves the photo policy up and removes "Date of birth" (after asking):
    // the answers already given stay on the booking.
    await organiser.getByRole("button", { name: 'Move "I agree to the photo policy" up' }).click();
    await expect
      .poll(() => cards.allTextContents())
      .toEqual([
        expect.stringContaining("T-shirt size"),
        expect.stringContaining("I agree to the photo policy"),
        expect.stringContaining("Date of birth"),
      ]);
    await cards
      .filter({ hasText: "Date of birth" })
      .getByRole("button", { name: "Remove" })
      .click();
    await organiser.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => cards.count()).toBe(2);
    await buyer.reload();
    await expect(bea.textContent()).resolves.toMatch(/Date of birth:\s*2015-04-01/);
    for (const page of [organiser, buyer]) await page.close();
  });

  it("asks and refuses without JavaScript too, keeping what was typed", async () => {
    const organiser = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(organiser, base, "Plain Organiser");
    const event = await freeEvent(ownerId);
    const ask = (label: string, kind: string, scope: string, options: string[] = []) =>
      call(
        "questions.save",
        { eventId: event.eventId, label, kind, options, required: true, scope, ticketTypeIds: [] },
        ownerId,
      );
    await ask("Shoe size", "choice", "attendee", ["Small", "Large"]);
    await ask("Phone at the door", "text", "order");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      // A phone's browser, as newPage gives (the bare headless one was refused with a 400).
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    });
    const page = await context.newPage();
    await signInAs(page, base, { name: "Noel Script" });
    await page.goto(`${base}/booking/${event.shortId}`);
    await page.getByLabel("Child").selectOption("1");
    await page.getByRole("button", { name: "Hold tickets" }).click();
    await page.getByText("Who is coming").waitFor();
    await page.getByRole("radiogroup", { name: "Shoe size" }).getByLabel("Large").check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.getByText("Answer this question.").waitFor();
    await expect(
      page.getByRole("radiogroup", { name: "Shoe size" }).getByLabel("Large").isChecked(),
    ).resolves.toBe(true);
    await page.getByLabel(/^Phone at the door/).fill("07700 900123");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/\/booking_refrence\?reference=/);
    await expect(
      page.getByRole("listitem").filter({ hasText: "Noel Script" }).textContent(),
    ).resolves.toMatch(/Shoe size:\s*Large/);
    await page.getByText(/Phone at the door:\s*07700 900123/).waitFor();
    await context.close();
    await organiser.close();
  });
});
