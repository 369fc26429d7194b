import { type SQL, sql } from "drizzle-orm";
import type { PaymentStatus } from "#contract/booking-status.ts";
import type { RefundSource } from "#contract/refund-status.ts";
import { issueCreditNoteFor } from "#server/modules/invoices/issue-invoices.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * Records, in ONE statement in the caller's transaction, a refund of everything left
 * (total − refunded so far; the booking fee likewise) of every card-paid booking that
 * `where` picks (on `bookings b`) and that was cancelled in this same transaction
 * (`cancelled_at = now()`: the caller's cancellation, not an older one whose kept
 * cancellation fee is not ours to give back), with money left and status `paid` or
 * `partly-refunded` (a disputed payment is the bank's to settle). Each refund names the
 * tickets cancelled with it; the bookings' `refunded_minor` and `payment_status`
 * (`refunded`) are raised in the same statement, and a credit note issued per refund.
 * Status `requested`: the refund runner sends them after the commit, in batches.
 * Returns the refunds' ids. A booking refunded already by this source (the event's
 * cancellation: `refunds_event_cancelled_once`) is skipped.
 */
async function refundCancelledBookings(
  tx: Executor,
  where: SQL,
  source: RefundSource,
  reason: string,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`
    with picked as (
      select b.id, b.event_id, e.business_id, b.currency, b.payment_provider,
        c.payment_reference, b.total_minor - b.refunded_minor as amount,
        greatest(0, least(b.total_minor - b.refunded_minor, b.fees_minor - coalesce(
          (select sum(r.fees_minor) from refunds r where r.booking_id = b.id), 0))) as fees,
        array(select k.id from tickets k where k.booking_id = b.id
          and k.status = 'cancelled' and k.cancelled_at = now() order by k.id) as ticket_ids
      from bookings b
        join events e on e.id = b.event_id
        join checkouts c on c.booking_id = b.id
      where ${where} and b.status = 'cancelled' and b.cancelled_at = now()
        and b.payment_status in ('paid', 'partly-refunded')
        and b.total_minor > b.refunded_minor and c.payment_reference is not null
      for update of b
    ),
    recorded as (
      insert into refunds (booking_id, event_id, business_id, source, reason, amount_minor,
        fees_minor, currency, ticket_ids, provider, payment_reference)
      select id, event_id, business_id, ${source}, ${reason}, amount, fees, currency,
        ticket_ids, payment_provider, payment_reference
      from picked
      on conflict do nothing
      returning id, booking_id, amount_minor
    ),
    raised as (
      update bookings b set refunded_minor = b.refunded_minor + r.amount_minor,
        payment_status = ${"refunded" satisfies PaymentStatus}
      from recorded r where b.id = r.booking_id
      returning b.id
    )
    select id from recorded order by id`,
  );
  const ids = rows.map((row) => row.id);
  for (const id of ids) await issueCreditNoteFor(tx, id);
  return ids;
}

/**
 * The event was cancelled (a step of events.cancel, after its bookings were cancelled):
 * every card-paid order with money left is refunded in full (source `event-cancelled`,
 * once per booking). Returns the refunds' ids.
 */
export function recordEventRefunds(
  tx: Executor,
  event: { id: string },
  reason: string | null,
): Promise<string[]> {
  return refundCancelledBookings(
    tx,
    sql`b.event_id = ${event.id}::uuid`,
    "event-cancelled",
    reason ? `Event cancelled: ${reason}` : "Event cancelled",
  );
}

/**
 * An account was deleted (a step of profile.deleteAccount, after its future bookings were
 * cancelled): those paid by card are refunded in full (source `account-deletion`).
 */
export function recordAccountDeletionRefunds(tx: Executor, userId: string): Promise<string[]> {
  return refundCancelledBookings(
    tx,
    sql`b.user_id = ${userId}::uuid and b.cancelled_by = 'account-deletion'`,
    "account-deletion",
    "Account deleted",
  );
}
