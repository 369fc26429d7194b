import { data } from "react-router";
import { csvResponse } from "#app/revenue/csv-response.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.revenue.csv";

/** `/business/revenue.csv`: the business's revenue page as a file; no business: 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  if (!(await server.invoke("businesses.mine", null))) throw data(null, { status: 404 });
  return csvResponse(await server.invoke("orders.revenueCsv", {}));
}
