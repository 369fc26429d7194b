import { serverContext } from "#app/server-context.ts";
import { viewerOf } from "#app/session/viewer.server.ts";
import type { Route } from "./+types/session.viewer";

/**
 * `GET /session/viewer`: the signed-in person's own part of a shared page (decision 032):
 * `{ user }`, null for nobody. Private: never kept by any cache. Reading it also renews
 * the access token when it is due, as any signed-in page does.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const user = await viewerOf(server);
  // The page context already says it for a signed-in request (page-context.ts).
  const headers: HeadersInit = server.auth ? {} : { "Cache-Control": "private, no-store" };
  return Response.json({ user }, { headers });
}
