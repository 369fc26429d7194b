import { loadCallable } from "#app/callable/load-callable.ts";
import { uploadThenClearDoorData } from "#app/door-offline/clear-door-data.ts";
import { forgetViewer } from "./viewer-store.ts";

/**
 * Ends this browser's session (the server clears its cookies), then reloads at `then`.
 * The offline door's data goes first (decision 030): `userId`'s admissions made offline
 * are uploaded if the server can be reached, then a shared phone keeps nothing of the
 * last person's door, even if the request then fails.
 */
export async function signOut(userId: string | null, then = "/"): Promise<void> {
  forgetViewer();
  try {
    await uploadThenClearDoorData(userId);
    const callable = await loadCallable();
    await callable("sessions.signOut")();
  } finally {
    window.location.assign(then);
  }
}
