import { csvStreamResponse } from "#app/loaders/csv-stream.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.report.$id.csv";

/**
 * `/team_coordinator/report/{teamId}/check-ins.csv`: one row per check-in at the team's
 * events (decision 022), streamed, for the same people as the report; anyone else gets a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  return csvStreamResponse(server, "checkin.reportCsv", { teamId: params.id });
}
