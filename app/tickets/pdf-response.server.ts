import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import type { ServerContext } from "#app/server-context.ts";

/** The PDF the server made for one ticket or one event's tickets, as a download. */
export async function ticketPdfResponse(
  server: ServerContext,
  input: { ticketId: string } | { eventId: string },
): Promise<Response> {
  const { filename, base64 } = await foundOr404(server.invoke("tickets.pdf", input));
  return new Response(Buffer.from(base64, "base64"), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
