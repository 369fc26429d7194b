import { redirect } from "react-router";
import type { ServerContext } from "#app/server-context.ts";
import { loginRedirectFor } from "#contract/gate.ts";

/**
 * For screens outside the seed's gated prefixes that still need a person (the business
 * console): no live session, off to `/login?redirect={this page}`.
 */
export function requireSignedIn(server: ServerContext, request: Request): void {
  if (server.auth) return;
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  throw redirect(loginRedirectFor(url.pathname.replace(/\.data$/, "") + url.search));
}
