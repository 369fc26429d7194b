import type { ServerContext } from "#app/server-context.ts";
import type { SignedInUser } from "./signed-in-user.ts";

/**
 * Who is signed in, for the header: read on every ask, so a member removed from their
 * last team loses the link at once. Null for nobody, or a session that no longer works.
 */
export async function viewerOf(server: ServerContext): Promise<SignedInUser | null> {
  if (!server.auth) return null;
  try {
    const [current, business, { member }] = await Promise.all([
      server.invoke("sessions.current", null),
      server.invoke("businesses.ownsOne", null),
      server.invoke("teams.isMember", null),
    ]);
    return { ...current, businessOwner: business.owner, teamMember: member };
  } catch {
    return null;
  }
}
