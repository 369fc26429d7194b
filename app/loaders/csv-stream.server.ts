import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import type { AppFunctionTypes, ServerContext } from "#app/server-context.ts";
import type { CsvExportBatch } from "#contract/csv-export.ts";

/** The functions that answer a CSV export a batch a call, with an optional `cursor`. */
export type CsvExportName = {
  [N in keyof AppFunctionTypes]: AppFunctionTypes[N]["output"] extends CsvExportBatch
    ? AppFunctionTypes[N]["input"] extends { cursor?: string | undefined }
      ? N
      : never
    : never;
}[keyof AppFunctionTypes];

/** What a download names: the function's input without the cursor (the stream keeps it). */
type FirstInput<N extends CsvExportName> = Omit<AppFunctionTypes[N]["input"], "cursor">;

/**
 * A streamed CSV download (the orders, attendees and check-ins files). The first batch is
 * asked for before answering, so a file the caller may not have is a plain 404, not a
 * broken download; each next batch (1,000 rows, keyset paged on the server, each its own
 * call and so its own short query on a pooled connection given back at once) only when
 * the response has taken the last one: memory stays flat whatever the size, and a
 * download the browser abandons cancels the stream, so no further query runs.
 */
export async function csvStreamResponse<N extends CsvExportName>(
  server: Pick<ServerContext, "invoke">,
  name: N,
  input: FirstInput<N>,
): Promise<Response> {
  const batchAfter = (cursor?: string) =>
    server.invoke(name, {
      ...input,
      ...(cursor ? { cursor } : {}),
    } as never) as Promise<CsvExportBatch>;
  const first = await foundOr404(batchAfter());
  const encoder = new TextEncoder();
  let cursor = first.nextCursor;
  let pending: string | null = (first.head ?? "") + first.lines;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== null) {
        controller.enqueue(encoder.encode(pending));
        pending = null;
        if (cursor === null) controller.close();
        return;
      }
      if (cursor === null) {
        controller.close();
        return;
      }
      const batch = await batchAfter(cursor);
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
