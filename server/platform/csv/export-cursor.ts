import { isUuid } from "#contract/uuid.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";

/** Rows per batch of a streamed export: one short query each, so memory stays flat. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * A cursor part: a timestamp to the microsecond in UTC (`YYYY-MM-DDTHH:MM:SS.ffffffZ`,
 * written by `exportTimeSql`, read back exactly by `::timestamptz`, so the keyset compares
 * on the column itself and its index serves the range) or a row id.
 */
export type CursorPart = "time" | "id";

const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The SQL text of a timestamp column as a cursor part (`exportTimeSql("c.created_at")`). */
export const exportTimeSql = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeExportCursor = (...parts: string[]) =>
  Buffer.from(parts.join("|")).toString("base64url");

/**
 * The parts of a cursor a previous batch gave, checked against their expected kinds; a
 * cursor anyone altered is INVALID_ARGUMENT (the page answers 404), never a query error.
 */
export function decodeExportCursor(cursor: string, kinds: readonly CursorPart[]) {
  const parts = Buffer.from(cursor, "base64url").toString().split("|");
  const valid =
    parts.length === kinds.length &&
    parts.every((part, i) => (kinds[i] === "time" ? timePattern.test(part) : isUuid(part)));
  if (!valid) {
    throw new FunctionError("INVALID_ARGUMENT", "This download link is not valid.", [
      { path: "cursor", message: "This download link is not valid." },
    ]);
  }
  return parts;
}
