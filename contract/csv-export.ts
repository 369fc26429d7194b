/**
 * One batch of a streamed CSV export (the orders, attendees and check-ins files): the
 * server answers 1,000 rows a call, keyset paged; the page asks for the next batch only
 * when the download has taken the last one (app/loaders/csv-stream.server.ts).
 */
export type CsvExportBatch = {
  filename: string;
  /** The byte order mark and header row: the first batch only (no cursor given). */
  head: string | null;
  lines: string;
  rows: number;
  /** Opaque; null when this batch was the last. */
  nextCursor: string | null;
};
