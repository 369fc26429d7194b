import { sql } from "drizzle-orm";
import type { EventRefundsView, FailedRefundView } from "#contract/event-refunds-view.ts";
import { type RefundStatus, refundStatuses } from "#contract/refund-status.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

const maxFailed = 100;

/**
 * How an event's refunds are going (counts and amounts by status, the failed ones with
 * their reason), for the event's owner: another business's event answers NOT_FOUND.
 */
export async function eventRefundProgress(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<EventRefundsView> {
  const { event } = await requireOwnedEvent(db, userId, eventId);
  const tallies = await rowsOf<{
    status: RefundStatus;
    count: number | string;
    amount: number | string;
    currency: string;
  }>(
    db,
    sql`select status, count(*) as count, coalesce(sum(amount_minor), 0) as amount,
          min(currency) as currency
        from refunds where event_id = ${event.id}::uuid group by status`,
  );
  const byStatus = Object.fromEntries(
    refundStatuses.map((status) => [status, { count: 0, amountMinor: 0 }]),
  ) as EventRefundsView["byStatus"];
  for (const row of tallies) {
    byStatus[row.status] = { count: Number(row.count), amountMinor: Number(row.amount) };
  }
  const failed = await rowsOf<{
    id: string;
    booking_id: string;
    reference: string;
    amount_minor: number;
    currency: string;
    attempt: number;
    failure: string | null;
  }>(
    db,
    sql`select r.id, r.booking_id, b.reference, r.amount_minor, r.currency, r.attempt, r.failure
        from refunds r join bookings b on b.id = r.booking_id
        where r.event_id = ${event.id}::uuid and r.status = 'failed'
        order by r.created_at, r.id limit ${maxFailed}`,
  );
  return {
    eventId: event.id,
    currency: tallies[0]?.currency.toUpperCase() ?? null,
    total: {
      count: Object.values(byStatus).reduce((sum, tally) => sum + tally.count, 0),
      amountMinor: Object.values(byStatus).reduce((sum, tally) => sum + tally.amountMinor, 0),
    },
    byStatus,
    failed: failed.map(
      (row): FailedRefundView => ({
        id: row.id,
        bookingId: row.booking_id,
        bookingReference: row.reference,
        amountMinor: Number(row.amount_minor),
        currency: row.currency.toUpperCase(),
        attempt: Number(row.attempt),
        failure: row.failure,
      }),
    ),
  };
}
