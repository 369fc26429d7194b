import { randomUUID } from "node:crypto";
import {
  crowdSpreadMs,
  type JoinChallenge,
  type WaitingRoomState,
  type WaitingRoomView,
} from "#contract/waiting-room.ts";
import { type CallAnswer, callFn } from "./callable-client.ts";
import { solveChallenge } from "./proof-of-work.ts";
import type { RoomMessage, RoomStream } from "./room-stream.ts";

/** One simulated person: who, when and where they come, and what they will do. */
export type Person = {
  userId: string;
  token: string;
  cookie: string;
  /** Wall clock (ms) of arrival. */
  arriveAt: number;
  instance: number;
  /** X-Forwarded-For: the address the server counts joins of. */
  address: string;
  /** Holds and books once admitted (else a no-show). */
  shows: boolean;
  quantity: 1 | 2;
  /** The type they want, then the other (when theirs is gone). */
  ticketTypeIds: [string, string];
};

/** What happened to one person; times are wall clock ms. */
export type Outcome = {
  /** Challenge, proof of work and join; the challenge alone. */
  joinMs: number | null;
  challengeMs: number | null;
  joinError: string | null;
  joinedAt: number;
  place: number | null;
  placeAt: number;
  told: "admitted" | "sold-out" | null;
  toldAt: number;
  tickets: number;
  buyError: string | null;
};

export type Room = {
  url: string;
  eventRef: string;
  saleStartsAt: number;
  /** Wall clock (ms) past which nobody waits any longer. */
  deadline: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// biome-ignore lint/suspicious/noExplicitAny: the callable answers' results, read by shape
const resultOf = <T>(answer: CallAnswer) => answer.body.result as any as T | undefined;
const codeOf = (step: string, answer: CallAnswer) =>
  `${step} ${answer.body.error?.status ?? answer.http}`;

/** Told by a room state: admitted when the mark reached the place, else sold out, else not. */
export function toldBy(state: WaitingRoomState, place: number): Outcome["told"] {
  if (state.admittedThrough >= place) return "admitted";
  return state.soldOut ? "sold-out" : null;
}

/**
 * One person's visit: a challenge, its proof of work and the join (timed together), then
 * `waitingRoom.status` about once a second while the place is not given (before the draw:
 * once, when the room's message says places are given), then the room's messages on
 * `stream` (the live stream of someone on the same instance, standing in for theirs)
 * until one admits them or says sold out; admitted people who show hold and book.
 */
export async function visit(
  room: Room,
  person: Person,
  stream: () => Promise<RoomStream | null>,
  joined?: () => void,
): Promise<Outcome> {
  const out: Outcome = {
    joinMs: null,
    challengeMs: null,
    joinError: null,
    joinedAt: 0,
    place: null,
    placeAt: 0,
    told: null,
    toldAt: 0,
    tickets: 0,
    buyError: null,
  };
  await sleep(person.arriveAt - Date.now());
  const call = (name: string, data: unknown) =>
    callFn(room, name, person.token, data, { "x-forwarded-for": person.address });
  const started = Date.now();
  const asked = await call("waitingRoom.challenge", { eventId: room.eventRef });
  const challenge = resultOf<JoinChallenge>(asked);
  if (!challenge) return { ...out, joinError: codeOf("challenge", asked) };
  out.challengeMs = Date.now() - started;
  const nonce = solveChallenge(challenge.challenge, challenge.bits);
  const answer = await call("waitingRoom.join", {
    eventId: room.eventRef,
    challenge: challenge.challenge,
    nonce,
  });
  let view = resultOf<WaitingRoomView>(answer);
  out.joinedAt = Date.now();
  if (!view) return { ...out, joinError: codeOf("join", answer) };
  out.joinMs = out.joinedAt - started;
  joined?.();
  const heard = await stream();
  while (view.place?.place == null && !view.room?.soldOut && Date.now() < room.deadline) {
    if (!view.room?.drawn && !heard?.messages.at(-1)?.state.drawn) {
      // Before the draw a status tells nothing new: the page waits for the room's message
      // that places are given (or, without one, a few seconds past the start)...
      const until = Math.min(room.deadline, Math.max(Date.now(), room.saleStartsAt) + 5000);
      if (heard) await nextMessage(heard, (state) => state.drawn, until);
      else await sleep(until - Date.now());
      // ...then, as the page does, asks after a second and a random part of the crowd's
      // spread: the draw places everyone who came early at once; they must not ask at once.
      const placed = heard?.messages.at(-1)?.state.placed ?? 0;
      await sleep(1000 + Math.random() * crowdSpreadMs(placed));
    } else await sleep(1000);
    const polled = resultOf<WaitingRoomView>(
      await call("waitingRoom.status", { eventId: room.eventRef }),
    );
    if (polled) view = polled;
  }
  out.placeAt = Date.now();
  out.place = view.place?.place ?? null;
  const place = out.place ?? Number.POSITIVE_INFINITY;
  // What the page knows when the place arrives: the answer itself, and the stream's last.
  const last = heard?.messages.at(-1)?.state;
  const now =
    (view.place?.admittedUntil ? "admitted" : null) ??
    (view.room ? toldBy(view.room, place) : null) ??
    (last ? toldBy(last, place) : null);
  if (now) {
    out.told = now;
    out.toldAt = out.placeAt;
  } else if (heard) {
    const message = await nextMessage(
      heard,
      (state) => toldBy(state, place) !== null,
      room.deadline,
    );
    if (message) {
      out.told = toldBy(message.state, place);
      out.toldAt = message.at;
    }
  }
  if (out.told === "admitted" && person.shows) await buy(room, person, out, call);
  return out;
}

type Waiter = { test(state: WaitingRoomState): boolean; done(message: RoomMessage | null): void };

/** Waiters of each stream: one pass over them per message, not a listener per person. */
const waiters = new WeakMap<RoomStream, Set<Waiter>>();

/** The first message from now on that passes `test`; null at `until` (wall clock ms). */
function nextMessage(
  stream: RoomStream,
  test: (state: WaitingRoomState) => boolean,
  until: number,
): Promise<RoomMessage | null> {
  let set = waiters.get(stream);
  if (!set) {
    const created = new Set<Waiter>();
    set = created;
    waiters.set(stream, created);
    stream.onMessage = (message) => {
      for (const waiter of created) if (waiter.test(message.state)) waiter.done(message);
    };
  }
  const waiting = set;
  return new Promise((resolve) => {
    const waiter: Waiter = {
      test,
      done(message) {
        clearTimeout(timer);
        waiting.delete(waiter);
        resolve(message);
      },
    };
    const timer = setTimeout(() => waiter.done(null), Math.max(0, until - Date.now()));
    waiting.add(waiter);
  });
}

/**
 * Hold 1–2 tickets of the preferred type, else 1 of it, else 1 of the other type (what
 * is left), then book them (a free event).
 */
async function buy(
  room: Room,
  person: Person,
  out: Outcome,
  call: (name: string, data: unknown) => Promise<CallAnswer>,
): Promise<void> {
  const [preferred, other] = person.ticketTypeIds;
  const tries: [string, number][] = [[preferred, person.quantity]];
  if (person.quantity === 2) tries.push([preferred, 1]);
  tries.push([other, 1]);
  let held: CallAnswer | null = null;
  let quantity = 0;
  for (const [ticketTypeId, asked] of tries) {
    quantity = asked;
    held = await call("holds.create", {
      eventId: room.eventRef,
      items: [{ ticketTypeId, quantity }],
      idempotencyKey: randomUUID(),
    });
    if (resultOf(held)) break;
  }
  const hold = held ? resultOf<{ id: string }>(held) : undefined;
  if (!hold) {
    if (held) out.buyError = codeOf("hold", held);
    return;
  }
  const booked = await call("bookings.confirm", {
    holdId: hold.id,
    attendees: Array.from({ length: quantity }, (_, i) => ({ name: `Guest ${i + 1}` })),
    idempotencyKey: randomUUID(),
  });
  if (resultOf(booked)) out.tickets = quantity;
  else out.buyError = codeOf("book", booked);
}
