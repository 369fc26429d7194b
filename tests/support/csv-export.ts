import type { CsvExportBatch } from "#contract/csv-export.ts";

/**
 * A streamed export read whole through its callable, batch after batch as the download
 * page asks for them: the file's text, its name, its rows and how many batches it took.
 */
export async function wholeCsvExport(
  call: (data: Record<string, unknown>) => Promise<CsvExportBatch>,
  input: Record<string, unknown>,
) {
  let batch = await call(input);
  const filename = batch.filename;
  let csv = (batch.head ?? "") + batch.lines;
  let rows = batch.rows;
  let batches = 1;
  while (batch.nextCursor) {
    batch = await call({ ...input, cursor: batch.nextCursor });
    if (batch.head !== null) throw new Error("a later batch repeated the head");
    csv += batch.lines;
    rows += batch.rows;
    batches++;
  }
  return { filename, csv, rows, batches };
}
