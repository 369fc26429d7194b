import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.report.$id.csv";

/**
 * `/team_coordinator/report/{teamId}/check-ins.csv`: one row per check-in at the team's
 * events (decision 022), for the same people as the report; anyone else gets a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const { filename, csv } = await foundOr404(
    server.invoke("checkin.reportCsv", { teamId: params.id }),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
