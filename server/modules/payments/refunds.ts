import { and, eq, sql } from "drizzle-orm";
import type { PaymentStatus } from "#contract/booking-status.ts";
import type { RefundSource, RefundStatus } from "#contract/refund-status.ts";
import { emitWebhook } from "#server/modules/webhooks/emit-webhook.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { ProviderUnavailableError } from "./payment-provider.ts";
import { refunds } from "./payments.schema.ts";
import { alertRefundFailed, refundFailureText } from "./refund-failures.ts";
import type { AfterCommit } from "./webhook-handler.ts";

export type RefundRow = typeof refunds.$inferSelect;

/** The provider's idempotency key of one attempt of a refund: each attempt moves money once. */
export const refundKey = (refund: Pick<RefundRow, "id" | "attempt">) =>
  `refund:${refund.id}:${refund.attempt}`;

export type RefundRequest = {
  bookingId: string;
  source: RefundSource;
  reason: string | null;
  /** The tickets cancelled with this refund (already cancelled by the caller, same transaction). */
  ticketIds: readonly string[];
  amountMinor: number;
  feesMinor: number;
  keptMinor: number;
  requestedBy: string | null;
};

/**
 * Records a refund of a card-paid booking in the caller's transaction (status
 * `requested`) and raises the booking's `refunded_minor` with its payment status
 * (`partly-refunded`, or `refunded` when all of it went back). The money moves after the
 * commit (`sendRefund`). Returns null when the booking was not paid by card (nothing to
 * send back: venue, free) or `amountMinor` is 0. Throws when the amount is more than is
 * left unrefunded (the booking's check refuses it), so the transaction rolls back.
 */
export async function recordRefund(
  tx: Executor,
  request: RefundRequest,
): Promise<RefundRow | null> {
  if (request.amountMinor <= 0) return null;
  const [booking] = await rowsOf<{
    event_id: string;
    business_id: string;
    currency: string;
    provider: string;
    payment_reference: string | null;
  }>(
    tx,
    sql`select b.event_id, e.business_id, b.currency, b.payment_provider as provider,
          c.payment_reference
        from bookings b join events e on e.id = b.event_id
        left join checkouts c on c.booking_id = b.id
        where b.id = ${request.bookingId}::uuid
          and b.payment_status in ('paid', 'partly-refunded', 'disputed')`,
  );
  if (!booking?.payment_reference) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      bookingId: request.bookingId,
      eventId: booking.event_id,
      businessId: booking.business_id,
      source: request.source,
      reason: request.reason,
      amountMinor: request.amountMinor,
      feesMinor: request.feesMinor,
      keptMinor: request.keptMinor,
      currency: booking.currency,
      ticketIds: [...request.ticketIds],
      provider: booking.provider,
      paymentReference: booking.payment_reference,
      requestedBy: request.requestedBy,
    })
    .returning();
  await tx.execute(
    sql`update bookings set refunded_minor = refunded_minor + ${request.amountMinor},
          payment_status = case
            when payment_status = 'disputed' then payment_status
            when refunded_minor + ${request.amountMinor} >= total_minor
              then ${"refunded" satisfies PaymentStatus}
            else ${"partly-refunded" satisfies PaymentStatus} end
        where id = ${request.bookingId}::uuid`,
  );
  if (!row) throw new Error("refund not recorded");
  return row;
}

/** How far a refund has gone; a status never moves back (a late answer of an older step). */
const progress: Record<RefundStatus, number> = {
  requested: 0,
  pending: 1,
  succeeded: 2,
  failed: 2,
};

/**
 * Applies what the provider says of an attempt (its answer or a webhook): the provider's
 * refund id, the status when it is a step forward, the failure, and the `order.refunded`
 * webhook when it succeeded. Ignores an older attempt.
 * Returns the row as it is after, or null when nothing matched.
 */
export async function applyRefundState(
  tx: Executor,
  input: {
    refundId: string;
    attempt: number;
    providerRefundId: string;
    status: RefundStatus;
    failure?: string | null;
  },
): Promise<{ row: RefundRow; changed: boolean } | null> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, input.refundId)).for("update");
  if (!row || row.attempt !== input.attempt) return null;
  const forward = progress[input.status] > progress[row.status];
  const [after] = await tx
    .update(refunds)
    .set({
      providerRefundId: input.providerRefundId,
      ...(forward ? { status: input.status, updatedAt: new Date() } : {}),
      ...(forward && progress[input.status] === 2 ? { settledAt: new Date() } : {}),
      ...(forward && input.status === "failed"
        ? { failure: input.failure ?? "The refund failed." }
        : {}),
    })
    .where(and(eq(refunds.id, row.id), eq(refunds.attempt, input.attempt)))
    .returning();
  if (!after) return null;
  // Succeeded is final and reached once (the row is locked, a status never moves back):
  // whichever of the answer and the webhook tells it first queues the webhook.
  if (forward && after.status === "succeeded") {
    await emitWebhook(tx, {
      eventId: after.eventId,
      type: "order.refunded",
      data: {
        orderId: after.bookingId,
        eventId: after.eventId,
        amountMinor: after.amountMinor,
        currency: after.currency,
      },
    });
  }
  return { row: after, changed: forward };
}

/**
 * Sends a `requested` refund to the provider (its key `refund:{id}:{attempt}`, so a repeat
 * after a crash, or by the runner, moves the money once) and records the answer. A
 * passing fault leaves it `requested` for the runner; any other refusal marks the attempt
 * `failed` with the provider's words, and a failed attempt alerts the organiser's teams
 * (once per attempt, whether the answer or the webhook told first). Returns the row after.
 */
export async function sendRefund(deps: PaymentDeps, refundId: string): Promise<RefundRow | null> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (row?.status !== "requested") return row ?? null;
  if (!deps.provider) throw new Error("card payments are off: cannot refund now");
  let answer: Awaited<ReturnType<NonNullable<PaymentDeps["provider"]>["refund"]>>;
  try {
    answer = await deps.provider.refund({
      paymentReference: row.paymentReference,
      amountMinor: row.amountMinor,
      idempotencyKey: refundKey(row),
      reason: "requested_by_customer",
      metadata: { refundId: row.id, attempt: String(row.attempt), bookingId: row.bookingId },
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    const failure = error instanceof Error ? error.message : String(error);
    return deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: "failed", failure, updatedAt: new Date(), settledAt: new Date() })
        .where(
          and(
            eq(refunds.id, row.id),
            eq(refunds.status, "requested"),
            eq(refunds.attempt, row.attempt),
          ),
        )
        .returning();
      if (failed) await alertRefundFailed(tx, failed);
      const [after] = await tx.select().from(refunds).where(eq(refunds.id, row.id));
      return after ?? null;
    });
  }
  const status: RefundStatus = answer.status === "cancelled" ? "failed" : answer.status;
  // The webhook may have come first (applyRefundState never moves a status back).
  const applied = await deps.db.transaction(async (tx) => {
    const result = await applyRefundState(tx, {
      refundId: row.id,
      attempt: row.attempt,
      providerRefundId: answer.refundId,
      status,
      failure: status === "failed" ? refundFailureText(answer.failureReason) : null,
    });
    if (result?.changed && result.row.status === "failed") await alertRefundFailed(tx, result.row);
    return result;
  });
  return applied?.row ?? null;
}

/** Sends refunds recorded in a transaction, after its commit; a failure is left to the runner. */
export function sendRefundsLater(deps: PaymentDeps, refundIds: readonly string[]): AfterCommit {
  return async () => {
    for (const id of refundIds) {
      try {
        await sendRefund(deps, id);
      } catch (error) {
        deps.log.warn({ err: error, refundId: id }, "refund not sent yet: the runner retries");
      }
    }
  };
}
