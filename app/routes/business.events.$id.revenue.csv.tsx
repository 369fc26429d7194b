import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { csvResponse } from "#app/revenue/csv-response.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.events.$id.revenue.csv";

/** `/business/events/{id}/revenue.csv`: the event's revenue page as a file; anyone else: 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  return csvResponse(await foundOr404(server.invoke("orders.revenueCsv", { eventId: params.id })));
}
