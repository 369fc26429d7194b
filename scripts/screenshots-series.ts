import type { Page } from "playwright-core";
import type { SeriesView } from "#contract/event-series.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { callFunction } from "#tests/e2e/session.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type SeriesShot = {
  name: string;
  path: string;
  as: "user" | "owner" | "visitor";
  act?: (page: Page) => Promise<void>;
};

const zone = "Europe/London";

/** `YYYY-MM-DD` plus whole days, on the calendar alone. */
function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** One ticket of a date booked by someone else (the date is then sold out). */
async function bookOne(baseURL: string, shortId: string, ticketTypeId: string) {
  const { userId } = await callFunction<{ userId: string }>(baseURL, "test.signInAs", {
    name: "Early Team",
    phone: "+15557800001",
  });
  const hold = await callFunction<{ id: string }>(
    baseURL,
    "holds.create",
    {
      eventId: shortId,
      items: [{ ticketTypeId, quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    },
    userId,
  );
  await callFunction(
    baseURL,
    "bookings.confirm",
    { holdId: hold.id, attendees: [{ name: "Early Team" }], idempotencyKey: crypto.randomUUID() },
    userId,
  );
}

/**
 * A weekly series of the demo owner (issue 29): twelve dates, the third nearly sold out and
 * the fourth sold out, so every availability shows. Far ahead, so it comes last on `/`.
 */
export async function prepareSeries(baseURL: string, ownerId: string) {
  const call = <T>(name: string, data: unknown) => callFunction<T>(baseURL, name, data, ownerId);
  const day = toLocalInput(new Date(Date.now() + 150 * 86_400_000), zone).slice(0, 10);
  const { eventId } = await call<{ eventId: string }>("events.create", {
    title: "Weekly Quiz Night",
    description: "Teams of up to six, every week, the same table.",
    venueName: "The Lamb",
    venueAddress: "94 Lamb's Conduit Street, London",
    timeZone: zone,
    startsLocal: `${day}T19:30`,
    endsLocal: `${day}T22:00`,
    category: "community",
  });
  await call("ticketTypes.create", {
    eventId,
    name: "Team seat",
    description: "",
    priceMinor: 0,
    currency: "GBP",
    capacity: 40,
    perOrderLimit: 6,
  });
  await call("events.publish", { eventId });
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const series = await call<SeriesView>("events.repeat", {
    eventId,
    weekdays: [weekday],
    untilLocal: plusDays(day, 77),
  });
  // Fewer seats on two dates, the second one's seat booked: "Few left" and "Sold out".
  for (const [index, capacity] of [
    [2, 3],
    [3, 1],
  ] as const) {
    const date = series.dates[index];
    if (!date) continue;
    const owned = await call<{ ticketTypes: { id: string; name: string }[] }>(
      "events.getForOwner",
      { eventId: date.eventId },
    );
    const type = owned.ticketTypes[0];
    if (!type) continue;
    await call("ticketTypes.update", {
      ticketTypeId: type.id,
      name: type.name,
      description: "",
      priceMinor: 0,
      currency: "GBP",
      capacity,
      perOrderLimit: capacity,
    });
    if (capacity === 1) await bookOne(baseURL, date.shortId, type.id);
  }
  return series;
}

/** The series' screens: the console's card and dates, a later date's editor, the public list. */
export function seriesShots(series: SeriesView): SeriesShot[] {
  const first = series.dates[0];
  const later = series.dates[4];
  if (!first || !later) return [];
  const show = (selector: string) => async (page: Page) => {
    await page.locator(selector).scrollIntoViewIfNeeded();
  };
  return [
    {
      name: "business_event_series",
      path: `/business/events/${first.eventId}`,
      as: "owner",
      act: show('section[aria-labelledby="series-heading"]'),
    },
    {
      name: "business_event_series_scope",
      path: `/business/events/${later.eventId}`,
      as: "owner",
      act: show('form[aria-labelledby="details-heading"] [role="radiogroup"]'),
    },
    {
      name: "event_series_dates",
      path: first.path,
      as: "visitor",
      act: show('section[aria-labelledby="dates-heading"]'),
    },
  ];
}
