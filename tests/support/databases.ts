import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { createTempDatabase, testDatabaseUrl } from "./postgres.ts";

export type TestDatabase = DatabaseHandle & { dispose(): Promise<void> };

/**
 * The databases integration tests run on: PGlite in memory always, and a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Use with `describe.each`.
 */
export const testDatabases: { name: string; open(): Promise<TestDatabase> }[] = [
  {
    name: "pglite",
    async open() {
      const handle = await openDatabase({ pgliteDir: "memory://" });
      return { ...handle, dispose: handle.close };
    },
  },
  ...(testDatabaseUrl
    ? [
        {
          name: "postgres",
          async open(): Promise<TestDatabase> {
            const temp = await createTempDatabase("it", { migrated: true });
            const handle = await openDatabase({
              databaseUrl: temp.url,
              pgliteDir: "",
              poolMax: 16,
            });
            return {
              ...handle,
              async dispose() {
                await handle.close();
                await temp.drop();
              },
            };
          },
        },
      ]
    : []),
];

/** PostgreSQL only (concurrency tests need real locks and real parallel connections). */
export const postgresOnly = testDatabases.filter((d) => d.name === "postgres");
