import { redirect } from "react-router";
import type { Route } from "../+types/root";
import { hasSessionCookie, isGatedPath, loginRedirectFor } from "./gate";

/**
 * The gate for client-side navigations (`{path}.data` requests), which the server's
 * gate middleware leaves to the router so the redirect arrives in the router's format.
 */
export const gateRouteMiddleware: Route.MiddlewareFunction = ({ request }) => {
  const url = new URL(request.url);
  if (isGatedPath(url.pathname) && !hasSessionCookie(request.headers.get("cookie"))) {
    throw redirect(loginRedirectFor(url.pathname + url.search));
  }
};
