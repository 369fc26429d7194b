import type { Page } from "playwright-core";
import { holdPath } from "#contract/paths.ts";
import { type WaitingListOverview, waitingListPath } from "#contract/waiting-list.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { callFunction } from "#tests/e2e/session.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type WaitingListShot = {
  name: string;
  path: string;
  as: "user" | "owner" | "visitor";
  act?: (page: Page) => Promise<void>;
};

const zone = "Europe/London";
const seat = { name: "Seat", description: "", priceMinor: 0, currency: "GBP", perOrderLimit: 2 };
const fans = ["Robin Early", "Sasha Keen", "Toni Patient"];

/**
 * Two sold-out events of the demo owner (issue 29), each seat booked by someone else: on
 * the first, two fans wait ahead of the demo user; on the second the demo user was first
 * in line, a seat came back and the list's worker offered it to them. Far ahead, so they
 * come last on `/`.
 */
export async function prepareWaitingList(baseURL: string, ownerId: string, userId: string) {
  const call = <T>(name: string, data: unknown, as = ownerId) =>
    callFunction<T>(baseURL, name, data, as);
  let phones = 0;
  const person = async (name: string) => {
    phones += 1;
    const phone = `+1555770${String(phones).padStart(4, "0")}`;
    return (await call<{ userId: string }>("test.signInAs", { name, phone })).userId;
  };
  const soldOut = async (title: string, days: number) => {
    const day = toLocalInput(new Date(Date.now() + days * 86_400_000), zone).slice(0, 10);
    const { eventId, shortId } = await call<{ eventId: string; shortId: string }>("events.create", {
      title,
      description: "One small room, and every seat taken.",
      venueName: "The Snug",
      venueAddress: "3 Queue Street, York",
      timeZone: zone,
      startsLocal: `${day}T20:00`,
      endsLocal: `${day}T22:30`,
      category: "music",
    });
    const type = await call<{ id: string }>("ticketTypes.create", {
      eventId,
      ...seat,
      capacity: 1,
    });
    await call("events.publish", { eventId });
    const buyer = await person("Quick Quinn");
    const hold = await call<{ id: string }>(
      "holds.create",
      {
        eventId: shortId,
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      },
      buyer,
    );
    await call(
      "bookings.confirm",
      {
        holdId: hold.id,
        attendees: [{ name: "Quick Quinn" }],
        idempotencyKey: crypto.randomUUID(),
      },
      buyer,
    );
    return { eventId, shortId, typeId: type.id };
  };
  const join = (typeId: string, as: string, quantity = 1) =>
    call("waitingList.join", { ticketTypeId: typeId, quantity }, as);

  const waiting = await soldOut("The Full House", 96);
  for (const name of fans.slice(0, 2)) await join(waiting.typeId, await person(name));
  await join(waiting.typeId, userId, 2);

  const offered = await soldOut("The Second Chance", 97);
  await join(offered.typeId, userId);
  for (const name of fans) await join(offered.typeId, await person(name), 2);
  await call("ticketTypes.update", { ticketTypeId: offered.typeId, ...seat, capacity: 2 });
  // The worker offers the seat to the first in line within a tick or two.
  for (let tries = 0; ; tries += 1) {
    const list = await call<WaitingListOverview>("waitingList.forEvent", {
      eventId: offered.eventId,
    });
    if (list.types[0]?.offered === 1) break;
    if (tries > 60) throw new Error("the waiting list's worker made no offer");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { waiting, offered };
}

export type WaitingListData = Awaited<ReturnType<typeof prepareWaitingList>>;

/**
 * The waiting list's screens for `npm run screenshots`: the event page's join form (the
 * owner is not on the list), a visitor's way in, the demo user's place and their offer,
 * the booking page of the offer, and the organiser's list, full and empty.
 */
export function waitingListShots(
  { waiting, offered }: WaitingListData,
  /** An event of the owner with nobody on its lists (the demo's own). */
  emptyEventId: string,
): WaitingListShot[] {
  const part = (testId: string) => async (page: Page) => {
    await page.getByTestId(testId).first().waitFor();
  };
  return [
    {
      name: "event_waiting_list_join",
      path: `/${waiting.shortId}`,
      as: "owner",
      act: async (page) => {
        await page.getByRole("button", { name: "Join the waiting list" }).waitFor();
      },
    },
    { name: "event_waiting_list_visitor", path: `/${waiting.shortId}`, as: "visitor" },
    {
      name: "event_waiting_list_place",
      path: `/${waiting.shortId}`,
      as: "user",
      act: part("waiting-list-entry"),
    },
    {
      name: "event_waiting_list_offer",
      path: `/${offered.shortId}`,
      as: "user",
      act: part("waiting-list-entry"),
    },
    { name: "booking_waiting_list_offer", path: holdPath(offered.shortId), as: "user" },
    { name: "business_waiting_list", path: waitingListPath(offered.eventId), as: "owner" },
    { name: "business_waiting_list_empty", path: waitingListPath(emptyEventId), as: "owner" },
  ];
}

/** The demo's data made ready, then the shots (the demo's own event is the empty list). */
export async function waitingListScreens(
  baseURL: string,
  demo: { ownerId: string; userId: string; event: { id: string } },
): Promise<WaitingListShot[]> {
  const data = await prepareWaitingList(baseURL, demo.ownerId, demo.userId);
  return waitingListShots(data, demo.event.id);
}
