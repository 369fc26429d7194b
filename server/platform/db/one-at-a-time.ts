import { sql } from "drizzle-orm";
import type { AdvisoryLockId } from "./advisory-locks.ts";
import type { Database } from "./database.ts";
import { rowsOf } from "./db-rows.ts";

/**
 * Whether `db` is a node-postgres pool (several connections): the lock's transaction
 * holds one while the work uses others. PGlite has one connection and one process.
 */
function onPool(db: Database): boolean {
  const client = (db as unknown as { $client?: { totalCount?: unknown } }).$client;
  return typeof client?.totalCount === "number";
}

const runningHere = new Set<AdvisoryLockId>();

/**
 * Runs `work` in one process at a time across instances: a transaction holding
 * pg_try_advisory_xact_lock(lockId) stays open while it runs (an instance that does not
 * get the lock skips its turn: null; a crashed instance's lock goes with its connection).
 * On PGlite (one process) an in-process flag does, since a second transaction there
 * would wait for the lock's own. The work uses `db`, not the lock's transaction.
 */
export async function oneAtATime<T>(
  db: Database,
  lockId: AdvisoryLockId,
  work: () => Promise<T>,
): Promise<T | null> {
  if (!onPool(db)) {
    if (runningHere.has(lockId)) return null;
    runningHere.add(lockId);
    try {
      return await work();
    } finally {
      runningHere.delete(lockId);
    }
  }
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${lockId}) as locked`,
    );
    return lock?.locked ? work() : null;
  });
}
