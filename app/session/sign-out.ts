import { loadCallable } from "#app/callable/load-callable.ts";

/** Ends this browser's session (the server clears its cookies), then reloads at `then`. */
export async function signOut(then = "/"): Promise<void> {
  try {
    const callable = await loadCallable();
    await callable("sessions.signOut")();
  } finally {
    window.location.assign(then);
  }
}
