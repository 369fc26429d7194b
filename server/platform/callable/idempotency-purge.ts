import type { Executor } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { type Periodic, startPeriodic } from "#server/platform/runtime/periodic.ts";
import { purgeOldCalls } from "./idempotent-calls.ts";

export const IDEMPOTENCY_PURGE_BATCH = 1000;
/** Rows past their day are already ignored by the contract: this only reclaims space. */
export const IDEMPOTENCY_PURGE_SECONDS = 600;

/**
 * Deletes the Idempotency-Keys older than a day, a batch at a time (short statements,
 * short locks) until none are left; returns how many went.
 */
export async function purgeIdempotencyKeys(
  db: Executor,
  batch = IDEMPOTENCY_PURGE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const purged = await purgeOldCalls(db, batch);
    total += purged;
    if (purged < batch) return total;
  }
}

/** Every instance may run it: SKIP LOCKED keeps two purges off the same rows. */
export function startIdempotencyPurge(
  db: Executor,
  log: Logger,
  intervalSeconds = IDEMPOTENCY_PURGE_SECONDS,
): Periodic {
  return startPeriodic({
    intervalSeconds,
    log,
    failure: "idempotency key purge failed; will retry",
    run: async () => {
      const purged = await purgeIdempotencyKeys(db);
      if (purged > 0) log.info({ purged }, "old idempotency keys deleted");
    },
  });
}
