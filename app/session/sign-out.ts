import { loadCallable } from "#app/callable/load-callable.ts";
import { clearDoorData } from "#app/door-offline/clear-door-data.ts";

/**
 * Ends this browser's session (the server clears its cookies), then reloads at `then`.
 * The offline door's data goes first (decision 030): a shared phone keeps nothing of the
 * last person's door, even if the request then fails.
 */
export async function signOut(then = "/"): Promise<void> {
  try {
    await clearDoorData();
    const callable = await loadCallable();
    await callable("sessions.signOut")();
  } finally {
    window.location.assign(then);
  }
}
