import { eq, sql } from "drizzle-orm";
import type { RefundView } from "#contract/refund-view.ts";
import { refunds } from "#server/modules/payments/payments.schema.ts";
import { sendRefundsLater } from "#server/modules/payments/refunds.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { requireOwnRefund } from "./order-access.ts";
import type { OrderDeps } from "./order-deps.ts";
import { findRefundView } from "./refund-views.ts";

/**
 * The organiser tries a failed refund again: a new attempt (attempt + 1, so a new
 * idempotency key at the provider), `requested` with the failure cleared, sent after the
 * commit. The tickets stay cancelled. Anything but a failed refund is refused.
 */
export async function retryFailedRefund(
  deps: OrderDeps,
  userId: string,
  refundId: string,
): Promise<RefundView> {
  await deps.db.transaction(async (tx) => {
    const refund = await requireOwnRefund(tx, userId, refundId);
    if (refund.status !== "failed") {
      throw new FunctionError("FAILED_PRECONDITION", "Only a failed refund can be tried again.", {
        reason: "not-failed",
      });
    }
    await tx
      .update(refunds)
      .set({
        status: "requested",
        attempt: sql`${refunds.attempt} + 1`,
        failure: null,
        providerRefundId: null,
        settledAt: null,
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
  });
  await sendRefundsLater(deps, [refundId])();
  const view = await findRefundView(deps.db, refundId);
  if (!view) throw new Error("refund vanished");
  return view;
}
