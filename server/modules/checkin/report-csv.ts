/**
 * CSV as spreadsheets read it (decision 022): RFC 4180 (comma, CRLF, a field with a comma,
 * quote, CR or LF in double quotes with its quotes doubled), UTF-8 with a byte order mark
 * so Excel does not read names as Latin-1.
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

/** A whole file: the byte order mark, a header row, then one line per row, CRLF-ended. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${byteOrderMark}${lines.join("\r\n")}\r\n`;
}
