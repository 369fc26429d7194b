import { and, eq, isNull, sql } from "drizzle-orm";
import { loadHoldView } from "#server/modules/holds/hold-view.ts";
import { CHECKOUT_RECONCILE_LOCK } from "#server/platform/db/advisory-locks.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { oneAtATime } from "#server/platform/db/one-at-a-time.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { startPeriodic } from "#server/platform/runtime/periodic.ts";
import { refundCheckout } from "./late-refund.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { checkouts } from "./payments.schema.ts";
import { settleCheckout } from "./settle-checkout.ts";
import { askProvider } from "./start-checkout.ts";

/** Checkouts looked at per run (the oldest first); the next run takes the rest. */
const BATCH = 100;

export type Reconciled = { checked: number; refunds: number };

/**
 * The reconciliation (decision 028): a missed webhook never leaves a paid buyer without
 * tickets or a checkout open for ever. Asks the provider about open checkouts past their
 * expiry and settles them as the webhook would; a checkout whose start crashed before
 * the provider answered (no provider id after 5 minutes) is asked for again with the same
 * key (the provider answers with the same checkout), or, once past its expiry, is expired
 * (its page never reached the buyer: nothing can have been paid). Then refunds again,
 * with the same key, every `refunding` checkout without a refund id. Null when another
 * instance is running it.
 */
export async function reconcileCheckouts(deps: PaymentDeps): Promise<Reconciled | null> {
  const provider = deps.provider;
  if (!provider) return { checked: 0, refunds: 0 };
  return oneAtATime(deps.db, CHECKOUT_RECONCILE_LOCK, async () => {
    const due = await deps.db
      .select()
      .from(checkouts)
      .where(
        sql`${checkouts.status} = 'open' and (${checkouts.expiresAt} < now()
          or (${checkouts.providerCheckoutId} is null and ${checkouts.createdAt} < now() - interval '5 minutes'))`,
      )
      .orderBy(checkouts.expiresAt)
      .limit(BATCH);
    for (const row of due) {
      try {
        await reconcileOne(deps, row);
      } catch (error) {
        deps.log.warn({ err: error, checkoutId: row.id }, "checkout reconciliation failed");
      }
    }
    const refunding = await deps.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.status, "refunding"), isNull(checkouts.refundId)))
      .limit(BATCH);
    for (const { id } of refunding) {
      await refundCheckout(deps, id).catch((error: unknown) =>
        deps.log.warn({ err: error, checkoutId: id }, "refund failed; will retry"),
      );
    }
    return { checked: due.length, refunds: refunding.length };
  });
}

async function reconcileOne(deps: PaymentDeps, row: typeof checkouts.$inferSelect) {
  const provider = deps.provider;
  if (!provider) return;
  let providerCheckoutId = row.providerCheckoutId;
  if (!providerCheckoutId) {
    if (row.expiresAt.getTime() <= Date.now()) {
      await deps.db
        .update(checkouts)
        .set({ status: "expired", settledAt: sql`now()` })
        .where(
          and(
            eq(checkouts.id, row.id),
            eq(checkouts.status, "open"),
            isNull(checkouts.providerCheckoutId),
          ),
        );
      return;
    }
    const [account] = await rowsOf<{ account_id: string }>(
      deps.db,
      sql`select account_id from payment_accounts where business_id = ${row.businessId}::uuid`,
    );
    const hold = await loadHoldView(deps.db, row.holdId, row.userId);
    const started = await askProvider(deps, provider, row, hold, account?.account_id ?? "");
    providerCheckoutId = started.providerCheckoutId;
  }
  const state = await provider.readCheckout(providerCheckoutId);
  await settleCheckout(deps, row.id, state);
}

/**
 * Runs the reconciliation every `intervalSeconds` (CHECKOUT_RECONCILE_SECONDS; 0: off).
 * Every instance may start it: the advisory lock lets one run at a time. Returns a stop
 * function that waits for a run in progress.
 */
export function startCheckoutReconciliation(
  deps: PaymentDeps,
  log: Logger,
  intervalSeconds: number,
): () => Promise<void> {
  if (!deps.provider) return async () => {};
  return startPeriodic({
    intervalSeconds,
    log,
    failure: "checkout reconciliation failed; will retry",
    run: async () => {
      const done = await reconcileCheckouts(deps);
      if (done && done.checked + done.refunds > 0) log.info(done, "checkouts reconciled");
    },
  }).stop;
}
