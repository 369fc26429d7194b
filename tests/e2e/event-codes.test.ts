import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { codesPath } from "#contract/paths.ts";
import { toLocalInput } from "#contract/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAs, signInAsOwner } from "./session.ts";

/**
 * Promo and access codes (issue 29, decision 036), in Chromium on a phone: the organiser
 * adds EARLY20 on the codes page; a buyer opens the event's link with it, sees the price
 * after it, books and pays, and the booking and its receipt show what it took off; the
 * hidden press type shows only with its access code.
 */
const base = inject("baseURL").replace("127.0.0.1", "localhost");
const peerURL = inject("stripePeerURL");
const call = <T>(name: string, data: unknown, userId?: string) =>
  callFunction<T>(base, name, data, userId);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const zone = "Europe/Paris";
const day = () => toLocalInput(new Date(Date.now() + 20 * 86_400_000), zone).slice(0, 10);

/** The organiser's published card-paid event: Standard at €12.00 and a hidden Press pass. */
async function codedEvent(ownerId: string) {
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title: "Early Bird Gig",
      description: "Codes welcome.",
      venueName: "Le Caveau",
      venueAddress: "12 Rue de la Paix, Paris",
      timeZone: zone,
      startsLocal: `${day()}T20:00`,
      endsLocal: `${day()}T23:00`,
      category: "music",
    },
    ownerId,
  );
  const type = (name: string, priceMinor: number, hidden: boolean) =>
    call<{ id: string }>(
      "ticketTypes.create",
      { eventId, name, priceMinor, currency: "EUR", capacity: 20, perOrderLimit: 4, hidden },
      ownerId,
    );
  const standard = await type("Standard", 1200, false);
  const press = await type("Press", 0, true);
  await call("test.cardPaidEvent", { eventId }, ownerId);
  await call("events.publish", { eventId }, ownerId);
  return { eventId, shortId, standardId: standard.id, pressId: press.id };
}

/** No serious accessibility violation on the page, in light then dark. */
async function axeClean(page: Page, ready: (page: Page) => Promise<void> = async () => {}) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await waitForHydration(page);
    await ready(page);
    expect(await seriousViolations(page)).toEqual([]);
  }
}

describe("promo and access codes in the browser", () => {
  it("lets the organiser add EARLY20; a buyer books with its link and sees the discount through to the receipt", async () => {
    const organiser = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(organiser, base, "Code Organiser");
    const event = await codedEvent(ownerId);

    // The codes page, linked from the event's editor: empty at first.
    await organiser.goto(`${base}/business/events/${event.eventId}`);
    await waitForHydration(organiser);
    await organiser.getByRole("link", { name: "Promo and access codes" }).click();
    await organiser.waitForURL(`${base}${codesPath(event.eventId)}`);
    await organiser.getByTestId("codes-empty").waitFor();
    await axeClean(organiser);

    // A refusal of the function lands on its field; then the code is added.
    const form = organiser.getByRole("form", { name: "Add code" });
    await form.locator(`input[name="promoCode"]`).fill("early20");
    await form.getByLabel("A percentage off").check();
    await form.getByLabel("Percent off").fill("150");
    await form.getByLabel("Standard").check();
    await form.getByRole("button", { name: "Add code" }).click();
    await form.getByText("Enter a percentage from 1 to 100.").waitFor();
    await expect(form.getByLabel("Percent off").getAttribute("aria-invalid")).resolves.toBe("true");
    await form.getByLabel("Percent off").fill("20");
    await form.getByRole("button", { name: "Add code" }).click();
    const card = organiser.getByTestId("event-code").filter({ hasText: "EARLY20" });
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/20\s%\soff/);
    await expect(card.textContent()).resolves.toContain("0 used");
    await expect(card.textContent()).resolves.toContain(`?code=EARLY20`);
    await axeClean(organiser, async (page) => {
      await page.getByTestId("event-code").first().waitFor();
    });
    // The press pass's access code, made through the function.
    await call(
      "codes.save",
      {
        eventId: event.eventId,
        code: "PRESS",
        discount: { kind: "none" },
        maxUses: 5,
        maxPerPerson: null,
        validFrom: null,
        validUntil: null,
        ticketTypeIds: [event.pressId],
      },
      ownerId,
    );

    // A buyer opens the code's link: the price after the code, the hidden type still hidden.
    const buyer = await newPage(browser, { mobile: true });
    const { userId } = await signInAs(buyer, base, { name: "Bea Buyer" });
    await buyer.goto(`${base}/${event.shortId}?code=early20`);
    await waitForHydration(buyer);
    const applied = buyer.getByTestId("code-applied");
    await applied.waitFor();
    await expect(applied.textContent()).resolves.toContain("Code EARLY20");
    const standardCard = buyer.getByRole("listitem").filter({ hasText: "Standard" });
    await expect(standardCard.getByTestId("code-price").textContent()).resolves.toBe("€10.28");
    await expect(standardCard.textContent()).resolves.toContain("€12.80");
    await expect(buyer.getByText("Press", { exact: true }).count()).resolves.toBe(0);
    await axeClean(buyer, async (page) => {
      await page.getByTestId("code-applied").waitFor();
    });

    // The shared page stays the same for everyone: the code is the browser's.
    const url = `${base}${new URL(buyer.url()).pathname}?code=EARLY20`;
    await fetch(url);
    const again = await fetch(url);
    expect(again.headers.get("x-cache")).toMatch(/HIT|STALE/);
    const sharedBody = await again.text();
    expect(sharedBody).not.toContain("Code EARLY20");
    expect(sharedBody).not.toContain("€10.28");

    // Booking with the code: the hold is made with it and shows what it took off.
    await buyer.getByRole("link", { name: "Book tickets" }).click();
    await buyer.waitForURL(/\/booking\/[^?]+\?code=EARLY20$/);
    await waitForHydration(buyer);
    await buyer.getByText("Code EARLY20:").waitFor();
    await buyer.getByLabel("Standard").selectOption("2");
    await buyer.getByRole("button", { name: "Hold tickets" }).click();
    const discountLine = buyer.locator('[data-line="discount"]');
    await discountLine.waitFor();
    await expect(discountLine.textContent()).resolves.toMatch(/Code EARLY20\s*-€4\.80/);
    await axeClean(buyer, async (page) => {
      await page.locator('[data-line="discount"]').waitFor();
    });

    // Paid at the Stripe peer (as the receipts' test pays); back on the booking page.
    const hold = await call<{ id: string; code: string | null }>(
      "holds.current",
      { eventId: event.shortId },
      userId,
    );
    expect(hold.code).toBe("EARLY20");
    const { url: payUrl, checkoutId } = await call<{ url: string; checkoutId: string }>(
      "payments.startCheckout",
      { holdId: hold.id, attendees: [{ name: "Bea Buyer" }, { name: "A Friend" }] },
      userId,
    );
    const paid = await fetch(`${peerURL}/__peer/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        sessionId: new URL(payUrl).pathname.split("/").pop(),
        deliver: false,
      }),
    });
    expect(paid.ok).toBe(true);
    await buyer.goto(`${base}/booking/${event.shortId}?checkout=${checkoutId}`);
    await buyer.waitForURL(/\/booking_refrence\?reference=/);
    await waitForHydration(buyer);
    await expect(buyer.locator('[data-line="discount"]').textContent()).resolves.toMatch(
      /Code EARLY20\s*-€4\.80/,
    );
    await buyer.getByRole("link", { name: "Receipt", exact: true }).click();
    await buyer.waitForURL(/\/receipt\//);
    await waitForHydration(buyer);
    await expect(buyer.locator('[data-line="discount"]').textContent()).resolves.toMatch(
      /Code EARLY20\s*-€4\.80/,
    );
    await axeClean(buyer);

    // The organiser's list counts the booking as a use.
    await organiser.reload();
    await waitForHydration(organiser);
    await expect(card.textContent()).resolves.toContain("1 used");

    // The hidden press pass: only with its access code.
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(`${base}/${event.shortId}`);
    await waitForHydration(visitor);
    await visitor.getByText("Standard", { exact: true }).waitFor();
    await expect(visitor.getByText("Press", { exact: true }).count()).resolves.toBe(0);
    await visitor.getByText("Have a code?").click();
    await visitor.getByLabel("Promo or access code").fill("press");
    await visitor.getByRole("button", { name: "Apply" }).click();
    await visitor.getByTestId("code-applied").waitFor();
    await visitor.getByText("Press", { exact: true }).waitFor();
    expect(new URL(visitor.url()).searchParams.get("code")).toBe("PRESS");
    // Removed, it goes away again; a wrong code is said under the field.
    await visitor.getByRole("button", { name: "Remove" }).click();
    await expect(visitor.getByText("Press", { exact: true }).count()).resolves.toBe(0);
    await visitor.getByText("Have a code?").click();
    await visitor.getByLabel("Promo or access code").fill("NOPE1");
    await visitor.getByRole("button", { name: "Apply" }).click();
    await visitor.getByText("This code is not valid for this event.").waitFor();
    await expect(
      visitor.getByLabel("Promo or access code").getAttribute("aria-invalid"),
    ).resolves.toBe("true");
    await axeClean(visitor);
    for (const page of [organiser, buyer, visitor]) await page.close();
  });
});
