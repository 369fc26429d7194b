import pg from "pg";
import { fromPglite, type Db as JobDatabase, PgBoss } from "pg-boss";
import { JOB_QUEUE_SETUP_LOCK } from "#server/platform/db/advisory-locks.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";

/**
 * pg-boss on the app's own database handle, so it needs no second way in:
 * - PGlite: the one in-process instance (a second instance on the same folder is
 *   impossible), with pg-boss's `pglite` backend and in-process LISTEN/NOTIFY, so a
 *   committed job wakes its worker at once;
 * - PostgreSQL: statements through the app's pool (one pool per instance to size), and
 *   polling instead of a LISTEN connection.
 * Nothing touches the database until `start()`.
 */
export function createJobQueue(database: DatabaseHandle, log: Logger): PgBoss {
  const boss = database.pglite
    ? new PgBoss({
        db: fromPglite(database.pglite),
        backend: "pglite",
        useListenNotify: true,
        // Maintenance and cron run in this process anyway; their timers must not outlive stop().
        schedule: false,
      })
    : new PgBoss({ db: poolDatabase(database), schedule: false });
  boss.on("error", (error) => log.warn({ err: error }, "job queue error"));
  return boss;
}

function poolDatabase(database: DatabaseHandle): JobDatabase {
  const pool = database.pool;
  if (!pool) throw new Error("a PostgreSQL database handle without its pool");
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * Runs pg-boss's start-up (schema install, queue creation) one instance at a time on
 * PostgreSQL: instances starting together on an empty database otherwise race on
 * `CREATE SCHEMA IF NOT EXISTS pgboss`, and the loser fails with a unique violation that
 * pg-boss does not recognise as its own race. The lock is held on a connection of its
 * own, outside the pool, so pg-boss can use the whole pool meanwhile.
 */
export async function oneInstanceAtATime<T>(
  database: DatabaseHandle,
  setUp: () => Promise<T>,
): Promise<T> {
  if (!database.pool) return setUp();
  const client = new pg.Client(database.pool.options);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [JOB_QUEUE_SETUP_LOCK]);
    return await setUp();
  } finally {
    // Ending the session releases its advisory lock.
    await client.end();
  }
}
