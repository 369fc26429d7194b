import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATION_LOCK } from "./advisory-locks.ts";
import { lockDataFolder } from "./pglite-lock.ts";

/**
 * Without the modules' tables: the platform does not know them, and queries name their
 * tables themselves (nothing uses drizzle's relational `db.query.*`).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** Inside a transaction always use this handle: `db` there deadlocks PGlite. */
export type Transaction = PgTransaction<PgQueryResultHKT>;
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "postgres" | "pglite";
  /** PostgreSQL only: the pool, for work that needs its own connection (LISTEN, locks). */
  pool?: pg.Pool;
  /** PGlite only: the in-process database. */
  pglite?: PGlite;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../../drizzle",
);

export type OpenOptions = { databaseUrl?: string; pgliteDir: string; poolMax?: number };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : openPglite(options.pgliteDir);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  // Nor may a checked-out one (a transaction's, a lock's): the pool listens for errors
  // only on idle clients, and a terminated session (failover, restart, an administrator)
  // emits 'error' on its client even after the statement in flight has failed. That
  // statement's caller gets the error; the client, no longer queryable, is dropped by the
  // pool on release, and the next request gets a fresh connection.
  pool.on("connect", (client) => client.on("error", () => {}));
  await migratePostgres(pool);
  const db = drizzlePg(pool) as unknown as Database;
  return {
    db,
    kind: "postgres",
    pool,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/**
 * Drizzle's migrate() takes no lock. Several instances starting at once on an empty
 * database would race to create the same tables, so one connection holds a session
 * advisory lock while it migrates; the others wait, then find nothing left to do.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

let memoryImage: (() => Blob) | undefined;

/**
 * In-memory databases start from this image (a `dumpDataDir` of a migrated database,
 * read when the first one opens)
 * instead of an empty cluster: creating one took 4-5 s of CPU, loading an image 1 s.
 * The tests set it once per file (tests/support/pglite-image.ts); migrations still run
 * after loading, so an image from older migrations is brought up to date.
 */
export function setMemoryDatabaseImage(image: (() => Blob) | undefined): void {
  memoryImage = image;
}

/**
 * The extensions the migrations create (`create extension`), loaded into every PGlite:
 * a database or image made by the migrations cannot be opened without them.
 */
const pgliteExtensions = { pg_trgm };

/** `memory://` keeps the database in memory (tests); anything else is a folder. */
async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const dir = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) mkdirSync(dirname(dir), { recursive: true });
  const release = inMemory ? () => {} : lockDataFolder(dir);
  try {
    const pglite =
      inMemory && memoryImage
        ? await PGlite.create({ loadDataDir: memoryImage(), extensions: pgliteExtensions })
        : await PGlite.create(dir, { extensions: pgliteExtensions });
    const db = drizzlePglite(pglite) as unknown as Database;
    await migratePglite(drizzlePglite(pglite), { migrationsFolder });
    return {
      db,
      kind: "pglite",
      pglite,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
