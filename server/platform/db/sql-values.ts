import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `column in ('a', 'b', …)` from a status list, for a CHECK constraint: the list in the
 * code and the one in the database are the same list. Values are plain words, never input.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  if (values.some((value) => !/^[a-z][a-z-]*$/.test(value))) {
    throw new Error(`oneOf: not a plain status word in ${values.join(", ")}`);
  }
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** A JSON column of a raw statement: parsed on drivers that hand it over as text. */
export function parsedJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** A timestamp of a raw statement (a Date or a string, by driver) as ISO 8601. */
export const isoTime = (value: string | Date): string => new Date(value).toISOString();

/** `array[a, b, …]::uuid[]`, each a parameter (at least one value). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}
