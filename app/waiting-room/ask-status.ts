import { CallableError } from "#app/callable/callable-error.ts";
import { loadCallable } from "#app/callable/load-callable.ts";
import type { WaitingRoomView } from "#contract/waiting-room.ts";
import { forgetPlaceToken, readPlaceToken } from "./place-token-store.ts";

/**
 * The person's place in an event's room (`eventId`: its id or short id), sent with the
 * token this browser keeps; a token the server refuses (another account's, from whoever
 * used this browser before) is dropped and the place asked for as this person.
 */
export async function askStatus(eventId: string, shortId: string): Promise<WaitingRoomView> {
  const status = (await loadCallable())("waitingRoom.status");
  const placeToken = readPlaceToken(shortId);
  try {
    return await status(placeToken ? { eventId, placeToken } : { eventId }, {
      authenticated: true,
    });
  } catch (error) {
    if (!placeToken || !(error instanceof CallableError) || error.code !== "invalid-argument") {
      throw error;
    }
    forgetPlaceToken(shortId);
    return status({ eventId }, { authenticated: true });
  }
}
