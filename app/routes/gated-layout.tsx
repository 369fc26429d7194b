import { Outlet } from "react-router";
import { gateRouteMiddleware } from "#app/session/gate-route-middleware.server.ts";

export const middleware = [gateRouteMiddleware];

/**
 * A loader, even an empty one, makes every client-side navigation into a gated screen
 * ask the server, so the middleware above runs.
 */
export function loader() {
  return null;
}

export default function GatedLayout() {
  return <Outlet />;
}
