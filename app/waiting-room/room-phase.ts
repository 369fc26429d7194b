import type { WaitingRoomView } from "#contract/waiting-room.ts";

/**
 * What the waiting room page shows a person, from the room and their place:
 * - `off`: the organiser turned the room off (the sale is open to all);
 * - `sold-out`: nothing left to wait for;
 * - `admitted`: their turn, until `admittedUntil`;
 * - `lapsed`: their turn passed without a hold; they may join again at the back;
 * - `turn-ended`: they started a hold in their turn (or its time is over and the server has
 *   yet to say whether they did): what is left is to finish booking;
 * - `join`: in the room's page, but without a place yet (joining starts by itself);
 * - `before-start`: joined before the sale; places are drawn at the start;
 * - `placing`: joined after the draw, the place is on its way (about a second);
 * - `waiting`: a place, and people ahead.
 */
export type RoomPhase =
  | "off"
  | "sold-out"
  | "admitted"
  | "lapsed"
  | "turn-ended"
  | "join"
  | "before-start"
  | "placing"
  | "waiting";

export function roomPhase(view: WaitingRoomView, now: number): RoomPhase {
  const { room, place } = view;
  if (!room) return "off";
  const admittedUntil = place?.admittedUntil ? Date.parse(place.admittedUntil) : null;
  // An admitted person keeps their turn even when the last tickets go: they may hold one back.
  if (place?.turnUsed) return "turn-ended";
  if (admittedUntil !== null && admittedUntil > now && !place?.lapsed) return "admitted";
  if (room.soldOut) return "sold-out";
  if (!place) return "join";
  if (place.lapsed) return "lapsed";
  if (admittedUntil !== null) return "turn-ended";
  if (!room.drawn) return "before-start";
  return place.place === null ? "placing" : "waiting";
}

/**
 * Whether the live room says this place's turn has come while the page still shows it
 * waiting: then its deadline must be asked for (the live state is the same for everyone,
 * so it carries no one's deadline).
 */
export function turnHasCome(view: WaitingRoomView): boolean {
  const place = view.place?.place;
  return (
    place != null &&
    view.room !== null &&
    view.place?.admittedUntil === null &&
    place <= view.room.admittedThrough
  );
}

/** How far the people ahead at the draw have gone through, 0 to 1, for the progress bar. */
export function progressThrough(place: number, admittedThrough: number): number {
  if (place <= 1) return 1;
  return Math.min(1, Math.max(0, admittedThrough / (place - 1)));
}
