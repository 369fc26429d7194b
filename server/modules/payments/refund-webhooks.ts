import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { RefundStatus } from "#contract/refund-status.ts";
import { isUuid } from "#contract/uuid.ts";
import { checkouts } from "./payments.schema.ts";
import { alertRefundFailed, refundFailureText } from "./refund-failures.ts";
import { applyRefundState } from "./refunds.ts";
import type { WebhookHandler } from "./webhook-handler.ts";

/**
 * A refund's state from the provider (`refund.created`, `refund.updated`, `refund.failed`).
 *
 * - Ours (`refundId` and `attempt` in its metadata, as `sendRefund` sends them): the
 *   attempt's state, a step forward only (applyRefundState), so a repeat, a second event
 *   about the same refund or an event that arrives before our own call returned changes
 *   nothing twice. A failed attempt alerts the organiser's teams once (the alert's key is
 *   the refund and attempt; the answer may have alerted first).
 * - A late payment's refund (`checkoutId`): records the provider's refund on the checkout
 *   when the server died between the refund and recording it.
 */
export const onRefundUpdated: WebhookHandler<"refund.updated"> = async (tx, event) => {
  const { refundId, attempt, checkoutId } = event.metadata;
  if (refundId && attempt) {
    const attemptNumber = Number(attempt);
    if (!isUuid(refundId) || !Number.isSafeInteger(attemptNumber)) return;
    const status: RefundStatus =
      event.refund.status === "cancelled" ? "failed" : event.refund.status;
    const applied = await applyRefundState(tx, {
      refundId,
      attempt: attemptNumber,
      providerRefundId: event.refund.refundId,
      status,
      failure: status === "failed" ? refundFailureText(event.refund.failureReason) : null,
    });
    if (applied?.changed && applied.row.status === "failed")
      await alertRefundFailed(tx, applied.row);
    return;
  }
  if (checkoutId && isUuid(checkoutId) && event.refund.status !== "failed") {
    await tx
      .update(checkouts)
      .set({ refundId: event.refund.refundId, status: "refunded" })
      .where(
        and(
          eq(checkouts.id, checkoutId),
          inArray(checkouts.status, ["refunding", "refunded"]),
          or(isNull(checkouts.refundId), eq(checkouts.refundId, event.refund.refundId)),
        ),
      );
  }
};
