import type { Page } from "playwright-core";
import type { WaitingRoomState, WaitingRoomView } from "#contract/waiting-room.ts";
import { waitingRoomPath } from "#contract/waiting-room.ts";
import { toLocalInput } from "#server/modules/events/zoned-time.ts";
import { callFunction } from "#tests/e2e/session.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type WaitingRoomShot = {
  name: string;
  path: string;
  as: "user" | "owner" | "visitor";
  before?: (page: Page) => Promise<void>;
  act?: (page: Page) => Promise<void>;
  after?: (page: Page) => Promise<void>;
};

const zone = "Europe/London";

/**
 * An event of the demo owner whose sale runs through a waiting room opening in a little
 * over two hours (a new one, so the demo's own events still sell as before), far enough
 * ahead to come last on `/`.
 */
export async function prepareWaitingRoom(baseURL: string, ownerId: string) {
  const call = <T>(name: string, data: unknown) => callFunction<T>(baseURL, name, data, ownerId);
  const day = toLocalInput(new Date(Date.now() + 90 * 86_400_000), zone).slice(0, 10);
  const title = "The Big On-Sale";
  const { eventId, shortId } = await call<{ eventId: string; shortId: string }>("events.create", {
    title,
    description: "More fans than seats: the sale runs through a waiting room.",
    venueName: "Demo Arena",
    venueAddress: "1 Arena Way, London",
    timeZone: zone,
    startsLocal: `${day}T19:30`,
    endsLocal: `${day}T23:00`,
    category: "music",
  });
  await call("ticketTypes.create", {
    eventId,
    name: "Standing",
    priceMinor: 0,
    currency: "GBP",
    capacity: 500,
    perOrderLimit: 4,
  });
  await call("events.publish", { eventId });
  await call("events.setWaitingRoom", {
    eventId,
    enabled: true,
    saleStartsLocal: toLocalInput(new Date(Date.now() + 133 * 60_000), zone),
    checkoutCapacity: 100,
  });
  return { eventId, shortId, title };
}

export type WaitingRoomData = Awaited<ReturnType<typeof prepareWaitingRoom>>;

/**
 * The room's states for `npm run screenshots`: the countdown as it really is (the demo user
 * joins, proof of work and all), then the later states from a made-up answer of
 * `waitingRoom.status` (a crowd is not worth simulating for a picture); the event page's
 * way in, and the organiser's settings.
 */
export function waitingRoomShots(room: WaitingRoomData): WaitingRoomShot[] {
  const path = waitingRoomPath(room.shortId);
  const state: WaitingRoomState = {
    eventId: room.eventId,
    saleStartsAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    drawn: true,
    admittedThrough: 1000,
    placed: 3000,
    admitPerMinute: 39,
    soldOut: false,
    allHeld: false,
  };
  const answer =
    (changes: Partial<WaitingRoomState>, place: WaitingRoomView["place"]) => async (page: Page) => {
      const view: WaitingRoomView = {
        eventId: room.eventId,
        shortId: room.shortId,
        title: room.title,
        room: { ...state, ...changes },
        place,
      };
      await page.route("**/api/fn/waitingRoom.status", (route) =>
        route.fulfill({ json: { result: view } }),
      );
    };
  const place = (extra: Partial<NonNullable<WaitingRoomView["place"]>>) => ({
    place: 1234,
    admittedUntil: null,
    lapsed: false,
    turnUsed: false,
    placeToken: "made-up",
    ...extra,
  });
  const phase = (name: string) => async (page: Page) => {
    await page
      .locator(`[data-testid="waiting-room"][data-phase="${name}"]`)
      .waitFor({ timeout: 30_000 });
  };
  const unroute = async (page: Page) => {
    await page.unroute("**/api/fn/waitingRoom.status");
  };
  return [
    { name: "waiting_room_countdown", path, as: "user", act: phase("before-start") },
    {
      name: "waiting_room_waiting",
      path,
      as: "user",
      before: answer({}, place({})),
      act: phase("waiting"),
      after: unroute,
    },
    {
      name: "waiting_room_all_held",
      path,
      as: "user",
      before: answer({ allHeld: true, admitPerMinute: 0 }, place({})),
      act: phase("waiting"),
      after: unroute,
    },
    {
      name: "waiting_room_admitted",
      path,
      as: "user",
      before: answer(
        { admittedThrough: 1300 },
        place({ admittedUntil: new Date(Date.now() + 9 * 60_000).toISOString() }),
      ),
      act: phase("admitted"),
      after: unroute,
    },
    {
      name: "waiting_room_sold_out",
      path,
      as: "user",
      before: answer({ soldOut: true }, place({})),
      act: phase("sold-out"),
      after: unroute,
    },
    { name: "event_waiting_room", path: `/${room.shortId}`, as: "user" },
    {
      name: "business_event_waiting_room",
      path: `/business/events/${room.eventId}`,
      as: "owner",
      act: async (page) => {
        await page.getByRole("region", { name: "Waiting room" }).scrollIntoViewIfNeeded();
      },
    },
  ];
}
