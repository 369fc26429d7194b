import { documentPdfResponse } from "#app/invoices/pdf-download.server.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/receipt.$reference.pdf";

/** `/receipt/{reference}/pdf`: the receipt as an A4 PDF (its buyer or the organiser). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return documentPdfResponse(context.get(serverContext), request, {
    reference: params.reference,
  });
}
