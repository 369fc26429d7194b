import type { SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db.ts";

/** The rows of a raw statement, on node-postgres and PGlite alike. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE of a database error, raw (pg, PGlite) or wrapped by Drizzle. */
export function sqlStateOf(error: unknown): string | null {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const UNIQUE_VIOLATION = "23505";
export const CHECK_VIOLATION = "23514";
/** Raised by hold_abort_partial(): a hold of several types could not take them all. */
export const PARTIAL_HOLD = "P0001";
export const DEADLOCK = "40P01";
