import type { ServerContext } from "#app/server-context.ts";
import type { SignedInUser } from "./signed-in-user.ts";

/**
 * Who is signed in, for the header of a page rendered for the person: read on every ask,
 * so a member removed from their last team loses the link at once. Null for nobody, or a
 * session that no longer works. The same function answers `GET /session/viewer`.
 */
export async function viewerOf(server: ServerContext): Promise<SignedInUser | null> {
  if (!server.auth) return null;
  try {
    return (await server.invoke("sessions.viewer", null)).user;
  } catch {
    return null;
  }
}
