import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAsOwner } from "./session.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

function localInDays(days: number): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T19:00`;
}

describe("the publish dialog", () => {
  it("says what is missing before its button and disables it for an event without ticket types", async () => {
    const page = await newPage(browser, { mobile: true });
    const ownerId = await signInAsOwner(page, baseURL, "Penny Publisher");
    const event = await callFunction<{ eventId: string }>(
      baseURL,
      "events.create",
      {
        title: "Empty Hall Evening",
        description: "",
        venueName: "Empty Hall",
        venueAddress: "",
        timeZone: "Europe/London",
        startsLocal: localInDays(30),
        endsLocal: localInDays(31),
        category: "music",
      },
      ownerId,
    );
    await page.goto(`${baseURL}/business/events/${event.eventId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish this event?" });
    await dialog.waitFor();
    const status = dialog.getByRole("status");
    await expect(status.textContent()).resolves.toContain("It has no ticket types");
    const confirm = dialog.getByRole("button", { name: "Publish" });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    // The reason comes before the button, in reading order.
    const [reasonY, buttonY] = await Promise.all([
      status.boundingBox().then((box) => box?.y ?? 0),
      confirm.boundingBox().then((box) => box?.y ?? 0),
    ]);
    expect(reasonY).toBeLessThan(buttonY);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
