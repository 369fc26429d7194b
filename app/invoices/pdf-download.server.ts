import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import type { ServerContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";

/** A receipt, invoice or credit note the server made as a PDF, as a download (404 if not the caller's). */
export async function documentPdfResponse(
  server: ServerContext,
  request: Request,
  input: { reference: string } | { invoiceId: string },
): Promise<Response> {
  requireSignedIn(server, request);
  const { filename, base64 } = await foundOr404(
    "reference" in input
      ? server.invoke("invoices.receiptPdf", input)
      : server.invoke("invoices.pdf", input),
  );
  return new Response(Buffer.from(base64, "base64"), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
