import { data } from "react-router";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/__test.fail";

/**
 * A page that fails on purpose, for the end-to-end test of the 500 page. Only a server
 * running with NODE_ENV=test fails here; any other server answers as for an unknown path.
 */
export function loader({ context }: Route.LoaderArgs): never {
  if (context.get(serverContext).testMode) {
    throw new Error("This page fails on purpose (end-to-end test of the 500 page).");
  }
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}
