import type { SQL } from "drizzle-orm";
import type { Executor } from "./database.ts";

/** The rows of a raw statement, on node-postgres and PGlite alike. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type PreparingSession = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
};
type WithSession = { session: PreparingSession; dialect: { sqlToQuery(query: SQL): never } };

/**
 * The rows of a statement run as a named prepared statement: on PostgreSQL it is parsed
 * and planned once per connection, then only bound and run (a hot statement with several
 * CTEs spent most of its time being planned: the door's admission ran 2-3 times faster
 * prepared). PGlite runs it as usual. `name` must stand for exactly one text: give every
 * shape of a statement (a different condition, another number of values) its own name.
 */
export async function preparedRowsOf<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  // Drizzle's own path for `db.execute`, with a name (its query builders' `.prepare`).
  const { session, dialect } = db as unknown as WithSession;
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
