import { eq } from "drizzle-orm";
import type { RefundView } from "#contract/refund-view.ts";
import { refunds } from "#server/modules/payments/payments.schema.ts";
import type { RefundRow } from "#server/modules/payments/refunds.ts";
import type { Executor } from "#server/platform/db/database.ts";

/** A refund row as the organiser and the buyer see it. */
export function refundViewOf(row: RefundRow): RefundView {
  return {
    id: row.id,
    bookingId: row.bookingId,
    source: row.source,
    reason: row.reason,
    status: row.status,
    amountMinor: row.amountMinor,
    keptMinor: row.keptMinor,
    currency: row.currency,
    ticketCount: row.ticketIds.length,
    attempt: row.attempt,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** A refund as it is now (after its send), or null. */
export async function findRefundView(db: Executor, refundId: string): Promise<RefundView | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ? refundViewOf(row) : null;
}
