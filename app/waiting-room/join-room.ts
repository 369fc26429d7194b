import { CallableError } from "#app/callable/callable-error.ts";
import { loadCallable } from "#app/callable/load-callable.ts";
import type { WaitingRoomView } from "#contract/waiting-room.ts";
import { expectedTries, solveChallenge } from "./proof-of-work.ts";

/** How far the proof of work has got: tries so far, and how many it takes on average. */
export type JoinProgress = { tries: number; expected: number };

/**
 * Joins an event's room: asks for a challenge, solves it, sends the proof. A proof the
 * server refuses (INVALID_ARGUMENT: expired while a slow phone worked, or the server's
 * key changed) is worked out once more on a fresh challenge; any other refusal is the
 * caller's to show (RESOURCE_EXHAUSTED's message says when to come back).
 */
export async function joinRoom(
  eventId: string,
  onProgress: (progress: JoinProgress) => void,
  signal?: AbortSignal,
): Promise<WaitingRoomView> {
  const callable = await loadCallable();
  const attempt = async () => {
    const { challenge, bits } = await callable("waitingRoom.challenge")(
      { eventId },
      { authenticated: true, signal },
    );
    const expected = expectedTries(bits);
    onProgress({ tries: 0, expected });
    const nonce = await solveChallenge(
      { challenge, bits },
      (tries) => onProgress({ tries, expected }),
      signal,
    );
    return callable("waitingRoom.join")(
      { eventId, challenge, nonce },
      { authenticated: true, signal },
    );
  };
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof CallableError && error.code === "invalid-argument") return attempt();
    throw error;
  }
}
