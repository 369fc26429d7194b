import { fromPglite, type Db as JobDatabase, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db.ts";
import type { Logger } from "../logger.ts";

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
