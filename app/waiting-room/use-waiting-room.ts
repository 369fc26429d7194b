import { useCallback, useEffect, useRef, useState } from "react";
import { CallableError } from "#app/callable/callable-error.ts";
import { useLiveMessages } from "#app/realtime/live-stream.ts";
import {
  crowdSpreadMs,
  WAITING_ROOM_KIND,
  type WaitingRoomState,
  type WaitingRoomView,
} from "#contract/waiting-room.ts";
import { askStatus } from "./ask-status.ts";
import { type JoinProgress, joinRoom } from "./join-room.ts";
import { keepPlaceToken } from "./place-token-store.ts";
import { type RoomPhase, roomPhase, turnHasCome } from "./room-phase.ts";

/** The fallback when a live message is missed: the stream is the usual way. */
const STATUS_EVERY_MS = 30_000;
/** Places are given within about a second of a join after the draw. */
const PLACING_EVERY_MS = 1_000;
/** A delay of `ms` plus a random share of the time a crowd of `people` spreads over. */
const spread = (ms: number, people = 0, random: () => number = Math.random) =>
  ms + Math.floor(random() * crowdSpreadMs(people));

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : "Something went wrong. Please try again.";

/**
 * The waiting room as the page sees it: the server's view (asked again with the token this
 * browser keeps), kept current by the room's live messages and a slower poll, a join with
 * its proof-of-work progress, and the last refusal. Joining starts by itself when the
 * person has no place: opening the room is asking to join it.
 */
export function useWaitingRoom(initial: WaitingRoomView) {
  const [view, setView] = useState(initial);
  const [joining, setJoining] = useState(false);
  const [progress, setProgress] = useState<JoinProgress | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const { eventId, shortId } = initial;
  const joiningRef = useRef(false);

  const accept = useCallback((next: WaitingRoomView) => {
    if (next.place) keepPlaceToken(next.shortId, next.place.placeToken);
    setView(next);
  }, []);

  const refresh = useCallback(
    () =>
      askStatus(shortId, shortId).then(
        (next) => {
          accept(next);
          setStatusError(null);
        },
        (failure: unknown) => {
          // The organiser turned the room off: the sale is open to all, nothing to wait for.
          if (failure instanceof CallableError && failure.code === "failed-precondition") {
            setView((current) => ({ ...current, room: null, place: null }));
          } else {
            setStatusError(messageOf(failure));
          }
        },
      ),
    [shortId, accept],
  );

  const join = useCallback(async () => {
    if (joiningRef.current) return;
    joiningRef.current = true;
    setJoining(true);
    setJoinError(null);
    try {
      accept(await joinRoom(shortId, setProgress));
    } catch (failure) {
      setJoinError(messageOf(failure));
    } finally {
      joiningRef.current = false;
      setJoining(false);
      setProgress(null);
    }
  }, [shortId, accept]);

  // First, the place this browser holds a token for (the loader asked without it).
  const roomOn = initial.room !== null;
  useEffect(() => {
    if (roomOn) void refresh().finally(() => setChecked(true));
    else setChecked(true);
  }, [roomOn, refresh]);

  const phase = roomPhase(view, Date.now());
  // Opening the room is asking to join; once, so a refusal is shown rather than retried.
  const triedJoin = useRef(false);
  useEffect(() => {
    if (!checked || phase !== "join" || triedJoin.current) return;
    triedJoin.current = true;
    void join();
  }, [checked, phase, join]);

  const joined = view.place !== null;
  // When the room last spoke: the fallback poll stays quiet while the stream works.
  const lastHeard = useRef(0);
  useLiveMessages(
    [WAITING_ROOM_KIND],
    (message) => {
      const room = message.payload as WaitingRoomState;
      if (room.eventId !== eventId) return;
      lastHeard.current = Date.now();
      setView((current) => ({ ...current, room }));
    },
    joined,
  );

  // The live state carries no one's deadline: a turn that comes is asked for at once.
  const turn = turnHasCome(view);
  useEffect(() => {
    if (turn) void refresh();
  }, [turn, refresh]);

  // Waited for the start: the draw then places this page with everyone who came early.
  const waitedForDraw = useRef(false);
  if (phase === "before-start") waitedForDraw.current = true;
  usePolling(view, phase, refresh, { lastHeard, crowd: waitedForDraw.current });
  return {
    view,
    phase,
    // Between the first answer and the join's start, the page already says it is joining.
    joining: joining || (checked && phase === "join" && !triedJoin.current),
    progress,
    error: joinError ?? statusError,
    join,
    checked,
  };
}

/**
 * Asks the server again: every 30 s unless the room's stream spoke meanwhile, every second while a
 * place is on its way, and just after the sale's start and the turn's end, each first ask
 * of a crowd spread over a few seconds.
 */
function usePolling(
  view: WaitingRoomView,
  phase: RoomPhase,
  refresh: () => Promise<void>,
  { lastHeard, crowd }: { lastHeard: { current: number }; crowd: boolean },
) {
  // Everyone the draw placed asks for their place: the more, the wider their asks spread
  // (read when the wait starts; later messages must not restart it).
  const latest = useRef(view);
  latest.current = view;
  useEffect(() => {
    if (phase !== "placing") {
      // The room speaks at least every 15 s while it runs: a page that heard it recently
      // needs no poll (20,000 pages polling every 30 s would be 667 requests a second).
      const timer = window.setInterval(() => {
        if (Date.now() - lastHeard.current >= STATUS_EVERY_MS) void refresh();
      }, STATUS_EVERY_MS);
      return () => window.clearInterval(timer);
    }
    // The place is on its way, every second; after the draw the first ask is spread over
    // the crowd (the draw places everyone who came early at once).
    let timer = window.setTimeout(
      function ask() {
        void refresh();
        timer = window.setTimeout(ask, PLACING_EVERY_MS);
      },
      crowd ? spread(PLACING_EVERY_MS, latest.current.room?.placed ?? 0) : PLACING_EVERY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase, refresh, lastHeard, crowd]);

  const moment =
    phase === "before-start"
      ? view.room?.saleStartsAt
      : phase === "admitted"
        ? view.place?.admittedUntil
        : undefined;
  useEffect(() => {
    if (!moment) return;
    // Past the start the room's message normally comes first; this is the fallback.
    const left = spread(Date.parse(moment) - Date.now() + 500);
    const timer = window.setTimeout(() => void refresh(), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => window.clearTimeout(timer);
  }, [moment, refresh]);
}
