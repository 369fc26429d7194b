import { type MiddlewareFunction, redirect } from "react-router";
import { serverContext } from "#app/server-context.ts";
import { isGatedPath, loginRedirectFor } from "#contract/gate.ts";

/**
 * The gate for client-side navigations (`{path}.data` requests), which the server's
 * gate middleware leaves to the router so that the redirect arrives in its format.
 * Signed in means the server resolved the cookies to a live session (`auth`), not merely
 * that a css_tk cookie is present.
 */
export const gateRouteMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  if (isGatedPath(path) && !context.get(serverContext).auth) {
    // `_routes` belongs to the router's data request, not to the page asked for.
    url.searchParams.delete("_routes");
    throw redirect(loginRedirectFor(path + url.search));
  }
};
