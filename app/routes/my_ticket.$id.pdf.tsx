import { serverContext } from "#app/server-context.ts";
import { ticketPdfResponse } from "#app/tickets/pdf-response.server.ts";
import type { Route } from "./+types/my_ticket.$id.pdf";

/** `/my_ticket/{eventId}/pdf`: every valid ticket of the wallet, one page each. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return ticketPdfResponse(context.get(serverContext), { eventId: params.id });
}
