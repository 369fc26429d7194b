import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import { REFUND_RUNNER_LOCK } from "#server/platform/db/advisory-locks.ts";
import { oneAtATime } from "#server/platform/db/one-at-a-time.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { type Periodic, startPeriodic } from "#server/platform/runtime/periodic.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { ProviderUnavailableError } from "./payment-provider.ts";
import { refunds } from "./payments.schema.ts";
import { sendRefund } from "./refunds.ts";

/** Refunds read per round (the oldest first) and sent at once within it. */
export const REFUND_BATCH = 100;
export const REFUNDS_IN_PARALLEL = 10;

export type RefundRun = { sent: number; failed: number };

/**
 * Sends every `requested` refund, the oldest first, `REFUNDS_IN_PARALLEL` at a time: those
 * recorded by a transaction whose after-commit send never ran (a crash, a provider
 * outage) and the event cancellation's and account deletion's, recorded in bulk. Each
 * goes with its attempt's key (`refund:{id}:{attempt}`), so one sent by a server that died
 * before recording the answer is answered again, not paid twice. One instance at a time
 * (REFUND_RUNNER_LOCK); null when another is running it. A passing fault at the provider
 * ends the run (the next tries again); `sent` counts refunds asked about, `failed` those
 * that threw.
 */
export async function sendRequestedRefunds(
  deps: PaymentDeps,
  options: { batch?: number; parallel?: number } = {},
): Promise<RefundRun | null> {
  if (!deps.provider) return { sent: 0, failed: 0 };
  const batch = options.batch ?? REFUND_BATCH;
  const parallel = options.parallel ?? REFUNDS_IN_PARALLEL;
  return oneAtATime(deps.db, REFUND_RUNNER_LOCK, async () => {
    const run: RefundRun = { sent: 0, failed: 0 };
    // A cursor, so a refund left `requested` by a passing fault is not taken again this run.
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const due: { id: string; createdAt: Date }[] = await deps.db
        .select({ id: refunds.id, createdAt: refunds.createdAt })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, "requested"),
            after
              ? or(
                  gt(refunds.createdAt, after.createdAt),
                  and(eq(refunds.createdAt, after.createdAt), gt(refunds.id, after.id)),
                )
              : sql`true`,
          ),
        )
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
        .limit(batch);
      if (due.length === 0) return run;
      let unavailable = false;
      for (let start = 0; start < due.length && !unavailable; start += parallel) {
        const results = await Promise.allSettled(
          due.slice(start, start + parallel).map(({ id }) => sendRefund(deps, id)),
        );
        for (const [i, result] of results.entries()) {
          run.sent++;
          if (result.status === "fulfilled") continue;
          run.failed++;
          unavailable ||= result.reason instanceof ProviderUnavailableError;
          deps.log.warn(
            { err: result.reason, refundId: due[start + i]?.id },
            "refund not sent yet: the runner retries",
          );
        }
      }
      if (unavailable || due.length < batch) return run;
      const last = due[due.length - 1];
      after = last ? { createdAt: last.createdAt, id: last.id } : null;
    }
  });
}

/**
 * Runs the refund runner every `intervalSeconds` (REFUND_RUNNER_SECONDS; 0: off) on every
 * instance (the advisory lock lets one send at a time). `wake` runs it soon, e.g. after
 * a commit that recorded refunds.
 */
export function startRefundRunner(
  deps: PaymentDeps,
  log: Logger,
  intervalSeconds: number,
): Periodic {
  if (!deps.provider) return { stop: async () => {}, wake: () => {} };
  return startPeriodic({
    intervalSeconds,
    log,
    failure: "refund runner failed; will retry",
    run: async () => {
      const done = await sendRequestedRefunds(deps);
      if (done && done.sent > 0) log.info(done, "refunds sent");
    },
  });
}
