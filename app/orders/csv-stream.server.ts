import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import type { ServerContext } from "#app/server-context.ts";

type ExportKind = "orders" | "attendees";

/**
 * An event's orders or attendees CSV as a streamed download. The first batch is asked
 * for before answering (so another business's event is a plain 404, not a broken file);
 * each next batch (1,000 rows, keyset paged on the server) only when the response has
 * taken the last one: memory stays flat whatever the size, and a download the browser
 * abandons cancels the stream, so no further query runs.
 */
export async function csvStreamResponse(
  server: Pick<ServerContext, "invoke">,
  eventId: string,
  kind: ExportKind,
): Promise<Response> {
  const first = await foundOr404(server.invoke("orders.exportCsv", { eventId, kind }));
  const encoder = new TextEncoder();
  let cursor = first.nextCursor;
  let pending: string | null = (first.head ?? "") + first.lines;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== null) {
        controller.enqueue(encoder.encode(pending));
        pending = null;
        return;
      }
      if (cursor === null) {
        controller.close();
        return;
      }
      const batch = await server.invoke("orders.exportCsv", { eventId, kind, cursor });
      cursor = batch.nextCursor;
      if (batch.lines) controller.enqueue(encoder.encode(batch.lines));
      if (cursor === null) controller.close();
    },
    cancel() {
      cursor = null;
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${first.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
