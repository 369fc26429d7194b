import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import type { WaitingRoomView } from "#contract/waiting-room.ts";
import { askStatus } from "./ask-status.ts";
import { keepPlaceToken } from "./place-token-store.ts";

/**
 * On an event's shared page (decision 032: nothing personal in its render), the signed-in
 * person's place in the event's room, asked from the browser only when the room is on and
 * someone is signed in; null for a visitor, and until the answer.
 */
export function useOwnPlace(shortId: string, roomOn: boolean): WaitingRoomView | null {
  const user = useSignedInUser();
  const signedIn = user !== null;
  const [view, setView] = useState<WaitingRoomView | null>(null);
  useEffect(() => {
    if (!roomOn || !signedIn) {
      setView(null);
      return;
    }
    let live = true;
    askStatus(shortId, shortId).then(
      (answer) => {
        if (!live) return;
        if (answer.place) keepPlaceToken(answer.shortId, answer.place.placeToken);
        setView(answer);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [shortId, roomOn, signedIn]);
  return view;
}

/**
 * Whether `at` has passed, now and again when it does. The server's render (and the
 * hydration after it) says not yet, so a shared page cached across the moment matches.
 */
export function usePassed(at: string | null): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (at === null) return () => {};
      const left = Date.parse(at) - Date.now();
      if (left <= 0) return () => {};
      const timer = window.setTimeout(changed, Math.min(left + 50, 2 ** 31 - 1));
      return () => window.clearTimeout(timer);
    },
    [at],
  );
  return useSyncExternalStore(
    subscribe,
    () => at !== null && Date.parse(at) <= Date.now(),
    () => false,
  );
}
