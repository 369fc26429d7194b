/**
 * CSV as spreadsheets read it (decision 022): RFC 4180 (comma, CRLF, a field with a comma,
 * quote, CR or LF in double quotes with its quotes doubled), UTF-8 with a byte order mark
 * so Excel does not read names as Latin-1. Shared by every export (the check-in report,
 * the organiser's orders and attendees).
 */
export const byteOrderMark = "\uFEFF";

/**
 * Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab or CR, which
 * some programs strip first) are defused with a leading apostrophe (OWASP's advice): a
 * holder named `=HYPERLINK(...)` stays text. Every column here is text.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : value;
  const safe = typeof value === "string" && formulaStart.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export type CsvRow = readonly (string | number | null)[];

/** One row as a CRLF-ended line (a streamed export writes these a batch at a time). */
export function csvLine(row: CsvRow): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

/** The start of a file: the byte order mark and the header row. */
export function csvHead(header: readonly string[]): string {
  return `${byteOrderMark}${csvLine(header)}`;
}

/** A whole file: the byte order mark, a header row, then one line per row, CRLF-ended. */
export function csvDocument(header: readonly string[], rows: readonly CsvRow[]): string {
  return csvHead(header) + rows.map(csvLine).join("");
}
