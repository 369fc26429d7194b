import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SeriesView } from "#contract/event-series.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { launchChromium, newPage, seriousViolations, waitForHydration } from "./browser.ts";
import { callFunction, signInAsOwner } from "./session.ts";

/**
 * An event series (issue 29), in Chromium on a phone: the organiser repeats an event weekly
 * for eight weeks and sees its dates, the public page of the first date lists them and
 * links to another, and a later date's edit applied to "all future dates" changes the
 * dates after it and not the one before.
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

/** `YYYY-MM-DD` plus whole days, on the calendar alone (no clock, no zone). */
function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A published event ten days ahead at 19:30 with one free ticket type. */
async function publishedEvent(organiserId: string) {
  const day = toLocalInput(new Date(Date.now() + 10 * 86_400_000), zone).slice(0, 10);
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>(
    "events.create",
    {
      title: "Quiz Night",
      description: "Every week, the same table.",
      venueName: "The Lamb",
      venueAddress: "94 Lamb's Conduit Street, London",
      timeZone: zone,
      startsLocal: `${day}T19:30`,
      endsLocal: `${day}T22:00`,
      category: "other",
    },
    organiserId,
  );
  await call(
    "ticketTypes.create",
    {
      eventId,
      name: "Team seat",
      description: "",
      priceMinor: 0,
      currency: "GBP",
      capacity: 40,
      perOrderLimit: 6,
    },
    organiserId,
  );
  await call("events.publish", { eventId }, organiserId);
  return { eventId, shortId, day };
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

type OwnerEvent = { title: string; series: SeriesView | null };

describe("an event series in the browser", () => {
  it("repeats an event weekly, lists its dates on both pages, and edits all future dates", async () => {
    const organiser = await newPage(browser, { mobile: true });
    const organiserId = await signInAsOwner(organiser, baseURL, "Quiz Master");
    const event = await publishedEvent(organiserId);

    // The organiser repeats it every week on its own weekday until eight weeks later.
    await organiser.goto(`${baseURL}/business/events/${event.eventId}`);
    await waitForHydration(organiser);
    const card = organiser.locator('section[aria-labelledby="series-heading"]');
    const ownDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${event.day}T12:00:00Z`),
    );
    await expect(card.getByRole("checkbox", { name: ownDay }).isChecked()).resolves.toBe(true);
    await card.getByLabel("Last date").fill(plusDays(event.day, 56));
    // No day ticked: refused at the days, nothing made.
    await card.getByRole("checkbox", { name: ownDay }).uncheck();
    await card.getByRole("button", { name: "Create dates" }).click();
    await card.getByText("Choose at least one day.").waitFor();
    await card.getByRole("checkbox", { name: ownDay }).check();
    await card.getByRole("button", { name: "Create dates" }).click();
    await card.getByText("9 dates in the series.").waitFor();
    const consoleDates = card.getByRole("list", { name: "Dates of the series" }).getByRole("link");
    await expect.poll(() => consoleDates.count()).toBe(9);
    await expect(card.locator('a[aria-current="page"]').getAttribute("href")).resolves.toBe(
      `/business/events/${event.eventId}`,
    );
    await axeCleanInBothSchemes(organiser);

    const { series } = await call<OwnerEvent>(
      "events.getForOwner",
      { eventId: event.eventId },
      organiserId,
    );
    const dates = series?.dates ?? [];
    expect(dates).toHaveLength(9);
    expect(dates[0]?.eventId).toBe(event.eventId);

    // The public page of the first date lists eight dates, this one marked, and links on.
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(`${baseURL}/${event.shortId}`);
    await waitForHydration(visitor);
    const section = visitor.locator('section[aria-labelledby="dates-heading"]');
    await expect(section.getByRole("link").count()).resolves.toBe(8);
    await expect(section.locator('a[aria-current="page"]').getAttribute("href")).resolves.toBe(
      dates[0]?.path,
    );
    await axeCleanInBothSchemes(visitor);
    await section.getByRole("button", { name: "Show all dates (9)" }).click();
    await expect.poll(() => section.getByRole("link").count()).toBe(9);
    const second = dates[1];
    await section.locator(`a[href="${second?.path}"]`).click();
    await visitor.waitForURL(`${baseURL}${second?.path}`);
    // Its own page marks it (once the new page's data has rendered).
    await expect
      .poll(() =>
        visitor
          .locator('section[aria-labelledby="dates-heading"] a[aria-current="page"]')
          .getAttribute("href"),
      )
      .toBe(second?.path);
    await visitor.close();

    // The fifth date's title, for it and all future dates: the fourth keeps its own.
    const fifth = dates[4];
    await organiser.goto(`${baseURL}/business/events/${fifth?.eventId}`);
    await waitForHydration(organiser);
    const details = organiser.locator('form[aria-labelledby="details-heading"]');
    await details.getByText("Start and end times change on this date only.").waitFor();
    await expect(details.getByRole("radio", { name: "This date only" }).isChecked()).resolves.toBe(
      true,
    );
    await details.getByRole("textbox", { name: "Title" }).fill("Quiz Night: the new season");
    await details.getByRole("radio", { name: "This and all future dates" }).check();
    await details.getByRole("button", { name: "Save details" }).click();
    await details.getByText("Saved.").waitFor();

    const titles = await Promise.all(
      dates.map((d) =>
        call<OwnerEvent>("events.getForOwner", { eventId: d.eventId }, organiserId).then(
          (e) => e.title,
        ),
      ),
    );
    expect(titles.slice(0, 4)).toEqual(Array(4).fill("Quiz Night"));
    expect(titles.slice(4)).toEqual(Array(5).fill("Quiz Night: the new season"));

    // One more date by hand, a week after the last: a copy of the date it was added from.
    const card5 = organiser.locator('section[aria-labelledby="series-heading"]');
    await card5.locator('input[name="startsLocal"]').fill(`${plusDays(event.day, 63)}T19:30`);
    await card5.getByRole("button", { name: "Add date" }).click();
    await card5.getByText("10 dates in the series.").waitFor();
    const after = await call<OwnerEvent>(
      "events.getForOwner",
      { eventId: fifth?.eventId },
      organiserId,
    );
    const added = after.series?.dates[9];
    expect(
      added &&
        (await call<OwnerEvent>("events.getForOwner", { eventId: added.eventId }, organiserId))
          .title,
    ).toBe("Quiz Night: the new season");
  });
});
