import type { SQL } from "drizzle-orm";
import type { Executor } from "./db.ts";

/** The rows of a raw statement, on node-postgres and PGlite alike. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
