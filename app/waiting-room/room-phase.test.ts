import { describe, expect, it } from "vitest";
import type { WaitingPlace, WaitingRoomState, WaitingRoomView } from "#contract/waiting-room.ts";
import { progressThrough, roomPhase, turnHasCome } from "./room-phase.ts";

const now = Date.parse("2026-12-01T20:00:00Z");
const room: WaitingRoomState = {
  eventId: "e",
  saleStartsAt: "2026-12-01T20:00:00Z",
  drawn: true,
  admittedThrough: 10,
  placed: 50,
  admitPerMinute: 5,
  soldOut: false,
  allHeld: false,
};
const place: WaitingPlace = {
  place: 30,
  admittedUntil: null,
  lapsed: false,
  turnUsed: false,
  placeToken: "t",
};
const view = (r: Partial<WaitingRoomState> | null, p: Partial<WaitingPlace> | null) =>
  ({
    eventId: "e",
    shortId: "s",
    title: "T",
    room: r === null ? null : { ...room, ...r },
    place: p === null ? null : { ...place, ...p },
  }) satisfies WaitingRoomView;
const inFiveMinutes = new Date(now + 300_000).toISOString();
const aMinuteAgo = new Date(now - 60_000).toISOString();

describe("roomPhase", () => {
  it("says off when the room is off", () => {
    expect(roomPhase(view(null, null), now)).toBe("off");
  });
  it("lets an admitted person keep their turn even once sold out", () => {
    expect(roomPhase(view({ soldOut: true }, { admittedUntil: inFiveMinutes }), now)).toBe(
      "admitted",
    );
  });
  it("tells everyone else sold out, with a place or without", () => {
    expect(roomPhase(view({ soldOut: true }, {}), now)).toBe("sold-out");
    expect(roomPhase(view({ soldOut: true }, null), now)).toBe("sold-out");
  });
  it("joins when the person has no place", () => {
    expect(roomPhase(view({}, null), now)).toBe("join");
  });
  it("counts down before the draw, whether or not places are out", () => {
    expect(roomPhase(view({ drawn: false }, { place: null }), now)).toBe("before-start");
  });
  it("waits for a place for the second after a late join, then waits in line", () => {
    expect(roomPhase(view({}, { place: null }), now)).toBe("placing");
    expect(roomPhase(view({}, {}), now)).toBe("waiting");
  });
  it("tells a lapsed turn apart from one whose time is merely over", () => {
    expect(roomPhase(view({}, { admittedUntil: aMinuteAgo, lapsed: true }), now)).toBe("lapsed");
    expect(roomPhase(view({}, { admittedUntil: aMinuteAgo }), now)).toBe("turn-ended");
  });
  it("sends someone who started a hold in their turn on to finish booking", () => {
    expect(roomPhase(view({}, { admittedUntil: inFiveMinutes, turnUsed: true }), now)).toBe(
      "turn-ended",
    );
  });
});

describe("turnHasCome", () => {
  it("is true once the mark passes a waiting place, until its deadline is known", () => {
    expect(turnHasCome(view({ admittedThrough: 29 }, {}))).toBe(false);
    expect(turnHasCome(view({ admittedThrough: 30 }, {}))).toBe(true);
    expect(turnHasCome(view({ admittedThrough: 30 }, { admittedUntil: inFiveMinutes }))).toBe(
      false,
    );
    expect(turnHasCome(view({ admittedThrough: 30 }, { place: null }))).toBe(false);
  });
});

describe("progressThrough", () => {
  it("is the share of the people ahead at the draw who have been admitted", () => {
    expect(progressThrough(11, 5)).toBe(0.5);
    expect(progressThrough(11, 20)).toBe(1);
    expect(progressThrough(1, 0)).toBe(1);
  });
});
