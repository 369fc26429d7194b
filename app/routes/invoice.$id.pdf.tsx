import { documentPdfResponse } from "#app/invoices/pdf-download.server.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/invoice.$id.pdf";

/** `/invoice/{id}/pdf`: an issued invoice or credit note as an A4 PDF. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return documentPdfResponse(context.get(serverContext), request, { invoiceId: params.id });
}
