import { data, redirect } from "react-router";
import { isFunctionError } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";

/**
 * A console loader's call: a visitor goes to sign in, someone without a business to the
 * application form, a suspended business to the console home (which says so), and an
 * event that is not theirs (or does not exist) to the 404 page.
 */
export async function consoleLoad<T>(
  server: ServerContext,
  request: Request,
  load: () => Promise<T>,
): Promise<T> {
  requireSignedIn(server, request);
  try {
    return await load();
  } catch (error) {
    if (!isFunctionError(error)) throw error;
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    if (error.status === "FAILED_PRECONDITION" && reason === "no-business") {
      throw redirect("/business/form");
    }
    if (error.status === "PERMISSION_DENIED") throw redirect("/business");
    if (error.status === "NOT_FOUND" || error.status === "INVALID_ARGUMENT") {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
