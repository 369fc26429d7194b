import { serverContext } from "#app/server-context.ts";
import { ticketPdfResponse } from "#app/tickets/pdf-response.server.ts";
import type { Route } from "./+types/my-ticket.$id.pdf";

/** `/my-ticket/{id}/pdf`: the ticket as a one-page PDF (gated like the ticket). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return ticketPdfResponse(context.get(serverContext), { ticketId: params.id });
}
