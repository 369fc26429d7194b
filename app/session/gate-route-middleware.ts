import { type MiddlewareFunction, redirect } from "react-router";
import { hasSessionCookie, isGatedPath, loginRedirectFor } from "./gate";

/**
 * The gate for client-side navigations (`{path}.data` requests), which the server's
 * gate middleware leaves to the router so that the redirect arrives in its format.
 */
export const gateRouteMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  if (isGatedPath(path) && !hasSessionCookie(request.headers.get("cookie"))) {
    // `_routes` belongs to the router's data request, not to the page asked for.
    url.searchParams.delete("_routes");
    throw redirect(loginRedirectFor(path + url.search));
  }
};
