import { sql } from "drizzle-orm";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { DEADLOCK, sqlStateOf } from "#server/platform/db/db-errors.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { startPeriodic } from "#server/platform/runtime/periodic.ts";
import { sweepExpiredStatement } from "./hold-statements.ts";

export const SWEEP_BATCH = 500;

/**
 * Frees the tickets of holds that ran out, a batch at a time until none are left (or
 * only ones another instance is sweeping right now). With `ticketTypeIds`, only holds
 * of those types: the lazy sweep a hold runs before it reports "sold out".
 * Returns how many holds were expired.
 */
export async function expireHolds(
  db: Executor,
  options: { ticketTypeIds?: readonly string[]; batch?: number; wait?: boolean } = {},
): Promise<number> {
  const batch = options.batch ?? SWEEP_BATCH;
  let total = 0;
  for (;;) {
    let expired: number;
    try {
      const [row] = await rowsOf<{ holds: number }>(
        db,
        sweepExpiredStatement(batch, options.ticketTypeIds, options.wait),
      );
      expired = Number(row?.holds ?? 0);
    } catch (error) {
      // A deadlock with a multi-type hold: that statement won; try again next round.
      if (sqlStateOf(error) === DEADLOCK) return total;
      throw error;
    }
    total += expired;
    if (expired < batch) return total;
  }
}

/** Also drops idempotency keys older than a day: a retry comes within seconds, not days. */
async function purgeOldKeys(db: Database): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where created_at < now() - interval '1 day'`);
}

/**
 * Runs the sweep every `intervalSeconds` on this instance (every instance may: SKIP
 * LOCKED keeps them out of each other's way). Returns a stop function that waits for a
 * sweep in progress.
 */
export function startHoldSweep(
  db: Database,
  log: Logger,
  intervalSeconds: number,
): () => Promise<void> {
  let sweeps = 0;
  return startPeriodic({
    intervalSeconds,
    log,
    failure: "hold sweep failed; will retry",
    run: async () => {
      const expired = await expireHolds(db);
      if (expired > 0) log.info({ expired }, "expired holds freed");
      // About once an hour.
      if (++sweeps % Math.max(1, Math.round(3600 / intervalSeconds)) === 0) {
        await purgeOldKeys(db);
      }
    },
  }).stop;
}
