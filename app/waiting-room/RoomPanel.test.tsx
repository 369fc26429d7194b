import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { WaitingPlace, WaitingRoomState, WaitingRoomView } from "#contract/waiting-room.ts";
import { RoomPanel, type RoomPanelProps } from "./RoomPanel.tsx";
import { roomPhase } from "./room-phase.ts";

const now = Date.now();
const room: WaitingRoomState = {
  eventId: "e1",
  saleStartsAt: new Date(now + 133_000).toISOString(),
  drawn: true,
  admittedThrough: 1000,
  placed: 3000,
  admitPerMinute: 39,
  soldOut: false,
  allHeld: false,
};
const place: WaitingPlace = {
  place: 1234,
  admittedUntil: null,
  lapsed: false,
  turnUsed: false,
  placeToken: "t",
};

function propsFor(
  r: Partial<WaitingRoomState> | null,
  p: Partial<WaitingPlace> | null,
  extra: Partial<RoomPanelProps> = {},
): RoomPanelProps {
  const view: WaitingRoomView = {
    eventId: "e1",
    shortId: "abcdefgh",
    title: "Night of Queues",
    room: r === null ? null : { ...room, ...r },
    place: p === null ? null : { ...place, ...p },
  };
  return {
    view,
    phase: roomPhase(view, Date.now()),
    joining: false,
    progress: null,
    error: null,
    onJoin: () => {},
    ready: true,
    ...extra,
  };
}

function html(...args: Parameters<typeof propsFor>): string {
  const router = createMemoryRouter([{ path: "/", element: <RoomPanel {...propsFor(...args)} /> }]);
  return renderToString(<RouterProvider router={router} />)
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");
}

/** The panel's text: tags taken out. */
const render = (...args: Parameters<typeof propsFor>) =>
  html(...args)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the waiting room's panel", () => {
  it("shows the proof of work's progress while joining", () => {
    const text = render({}, null, { joining: true, progress: { tries: 65_536, expected: 65_536 } });
    expect(text).toContain("Checking you are a person… 63%");
  });

  it("counts down before the start and says that coming early gives no edge", () => {
    const text = render({ drawn: false }, { place: null });
    expect(text).toMatch(/The sale opens in 2:1[23]/);
    expect(text).toContain(
      "Everyone here at the start gets a random place: arriving early gives no advantage.",
    );
  });

  it("shows the place, the people ahead and the wait at the recent pace", () => {
    const text = render({}, {});
    expect(text).toContain("Your place: 1,234");
    expect(text).toContain("233 people are ahead of you.");
    expect(text).toContain("Estimated wait: about 6 minutes");
    expect(text).not.toContain("All tickets are held");
  });

  it("says the wait is being worked out before anyone has been let in, and why it stalls", () => {
    const text = render({ admitPerMinute: 0, allHeld: true }, {});
    expect(text).toContain("working out your wait");
    expect(text).toContain("All tickets are held by buyers right now; some may come back.");
  });

  it("announces the place in the live region", () => {
    expect(html({}, {})).toMatch(
      /aria-live="polite"[^>]*>Your place: 1,234\. 233 people are ahead of you\.</,
    );
  });

  it("gives an admitted person their deadline and the way to the event", () => {
    const until = new Date(now + 9 * 60_000).toISOString();
    const text = render({}, { admittedUntil: until });
    expect(text).toContain("It's your turn");
    expect(text).toMatch(/Choose your tickets by \d\d:\d\d/);
    expect(html({}, { admittedUntil: until })).toMatch(
      /href="\/abcdefgh"[^>]*>.*Choose your tickets/,
    );
  });

  it("offers to join again once a turn has lapsed", () => {
    const text = render({}, { admittedUntil: new Date(now - 1000).toISOString(), lapsed: true });
    expect(text).toContain("Your turn passed");
    expect(text).toContain("Join again");
  });

  it("tells everyone waiting that the tickets are gone, with nothing to wait for", () => {
    const text = render({ soldOut: true }, {});
    expect(text).toContain("Sold out");
    expect(text).not.toContain("Your place");
  });

  it("shows a refused join with the server's message and a way to try again", () => {
    const text = render({}, null, { error: "Too many tries: wait a minute." });
    expect(text).toContain("Too many tries: wait a minute.");
    expect(text).toContain("Try again");
  });

  it("shows nothing of a state until the browser has asked for its own place", () => {
    const text = render({}, {}, { ready: false });
    expect(text).toContain("Finding your place…");
    expect(text).not.toContain("1,234");
  });
});
