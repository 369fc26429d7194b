import { callable } from "#app/callable/callable.ts";

/** Ends this browser's session (the server clears its cookies), then reloads at `then`. */
export async function signOut(then = "/"): Promise<void> {
  try {
    await callable("sessions.signOut")();
  } finally {
    window.location.assign(then);
  }
}
