import { data } from "react-router";
import type { ServerContext } from "#app/server-context.ts";

/**
 * The first line of every page form action: a post from another site (a forged form
 * riding the visitor's cookies) is refused with 403 before anything else runs.
 * The check itself is the server's (server/platform/http/same-origin.ts).
 */
export function requireSameOrigin(server: Pick<ServerContext, "sameOrigin">): void {
  if (!server.sameOrigin) {
    throw data("This form was sent from another site, so it was not accepted.", { status: 403 });
  }
}
