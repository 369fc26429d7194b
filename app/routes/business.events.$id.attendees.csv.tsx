import { csvStreamResponse } from "#app/loaders/csv-stream.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.events.$id.attendees.csv";

/** `/business/events/{id}/attendees.csv`: one row per ticket of the event, streamed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  return csvStreamResponse(server, "orders.exportCsv", { eventId: params.id, kind: "attendees" });
}
