import { eq, sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { DEADLOCK, sqlStateOf } from "#server/platform/db/db-errors.ts";
import { settlePaidCheckout } from "./paid-checkout.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { CheckoutState } from "./payment-provider.ts";
import { checkouts } from "./payments.schema.ts";
import type { AfterCommit } from "./webhook-handler.ts";

/**
 * Settles a checkout with what the provider says of it, inside the caller's transaction
 * (a webhook's, or settleCheckout's own). The checkout row is taken FOR UPDATE first:
 * the return page, the webhook and the reconciliation settling the same checkout at the
 * same instant queue on it, and the later ones find it settled and do nothing. Lock
 * order (README): the checkout row, then the event row FOR SHARE and the hold row
 * (holds' claimHold), then ticket types (a lapsed hold's tickets taken again), then the
 * booking rows; nothing that takes those takes a checkout row after them.
 *
 * - open: records the last card error (the buyer's page shows it).
 * - expired: `expired`, nothing else (the hold runs out by itself). A checkout marked
 *   expired may still be settled as paid: an event delivered out of order must never
 *   leave money taken without tickets or a refund.
 * - paid: see paid-checkout.ts.
 *
 * Returns work with the provider to do after the commit (a refund), if any.
 */
export async function settleCheckoutIn(
  tx: Executor,
  deps: PaymentDeps,
  checkoutId: string,
  state: CheckoutState,
): Promise<AfterCommit | undefined> {
  const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
  if (!row) return undefined;
  if (state.status === "open") {
    if (row.status === "open") {
      await tx
        .update(checkouts)
        .set({
          lastError: state.lastError,
          paymentReference: state.paymentReference ?? row.paymentReference,
        })
        .where(eq(checkouts.id, checkoutId));
    }
    return undefined;
  }
  if (state.status === "expired") {
    if (row.status === "open") {
      await tx
        .update(checkouts)
        .set({ status: "expired", settledAt: sql`now()` })
        .where(eq(checkouts.id, checkoutId));
    }
    return undefined;
  }
  if (row.status !== "open" && row.status !== "expired") return undefined;
  return settlePaidCheckout(tx, deps, row, state);
}

/**
 * settleCheckoutIn in a transaction of its own, then its after-commit work (a refund,
 * whose failure is logged: the reconciliation refunds again with the same key). Called by
 * payments.checkoutStatus and the reconciliation. A deadlock (a multi-type hold taken
 * again against a racing hold) undid everything: once more is safe.
 */
export async function settleCheckout(
  deps: PaymentDeps,
  checkoutId: string,
  state: CheckoutState,
): Promise<void> {
  const run = () => deps.db.transaction((tx) => settleCheckoutIn(tx, deps, checkoutId, state));
  const after = await run().catch((error: unknown) => {
    if (sqlStateOf(error) === DEADLOCK) return run();
    throw error;
  });
  if (after) await runAfterCommit(deps, after);
}

/** Runs work that follows a commit; a failure is logged, the reconciliation does it again. */
export async function runAfterCommit(deps: PaymentDeps, after: AfterCommit): Promise<void> {
  try {
    await after();
  } catch (error) {
    deps.log.warn(
      { err: error },
      "work after a checkout's settlement failed; reconciliation retries",
    );
  }
}
