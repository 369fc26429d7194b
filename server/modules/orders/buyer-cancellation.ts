import { type SQL, sql } from "drizzle-orm";
import type { BookingView } from "#contract/booking-view.ts";
import { cancellationDeadline } from "#contract/cancellation-policy.ts";
import { refundAmountOf } from "#contract/refund-amounts.ts";
import type { CancellationQuote, OrderRefundResult } from "#contract/refund-view.ts";
import { findBookingWithPolicy } from "#server/modules/bookings/booking-view.ts";
import {
  buyerCancellationRefusal,
  type CancellationRefusal,
  deadlinePassed,
} from "#server/modules/bookings/cancellation-rules.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { cancelOrder } from "./cancel-order.ts";
import type { OrderDeps } from "./order-deps.ts";
import { lockOrder, paidByCard } from "./order-tickets.ts";
import { findRefundView } from "./refund-views.ts";

export type BuyerCancellation = { bookingId: string; ticketIds?: string[] | undefined };

const mine = (userId: string, bookingId: string): SQL =>
  sql`b.id = ${bookingId}::uuid and b.user_id = ${userId}::uuid`;

async function ownBooking(db: Executor, userId: string, bookingId: string) {
  const found = await findBookingWithPolicy(db, mine(userId, bookingId), "owner");
  if (!found) throw new FunctionError("NOT_FOUND", "Booking not found.");
  return found;
}

const refusalError = (refusal: CancellationRefusal) =>
  new FunctionError("FAILED_PRECONDITION", refusal.message, { reason: refusal.reason });

/** Chosen ids that are not tickets of this booking answer NOT_FOUND, like another's. */
function requireOwnTickets(view: BookingView, ticketIds: string[] | undefined): void {
  if (!ticketIds) return;
  const ids = new Set(view.tickets.map((ticket) => ticket.id));
  if (ticketIds.some((id) => !ids.has(id)))
    throw new FunctionError("NOT_FOUND", "Ticket not found.");
}

/**
 * What cancelling now would do (bookings.cancellationQuote): whether the policy allows
 * it (else the same reason bookings.cancel refuses with), the deadline, and the refund
 * of the chosen tickets' share less the policy's fee (0 unless paid by card).
 */
export async function quoteCancellation(
  db: Database,
  userId: string,
  input: BuyerCancellation,
): Promise<CancellationQuote> {
  const { view, policy } = await ownBooking(db, userId, input.bookingId);
  requireOwnTickets(view, input.ticketIds);
  const refusal = buyerCancellationRefusal(view, policy, new Date(), input.ticketIds ?? null);
  const deadline = cancellationDeadline(policy, new Date(view.event.startsAt));
  const { order, tickets } = await lockOrder(db, view.id, { lock: false });
  const chosen =
    input.ticketIds ?? tickets.filter((t) => t.status === "valid").map((ticket) => ticket.id);
  const amount = paidByCard(order)
    ? refundAmountOf(order, tickets, chosen, policy.feePercent)
    : { amountMinor: 0, keptMinor: 0 };
  return {
    allowed: refusal === null,
    reason: refusal?.reason ?? null,
    message: refusal?.message ?? null,
    deadline: deadline?.toISOString() ?? null,
    feePercent: policy.feePercent,
    refundMinor: amount.amountMinor,
    keptMinor: amount.keptMinor,
    currency: view.currency,
  };
}

/**
 * The buyer cancels their booking, or chosen tickets of it, under the event's policy
 * (bookings.cancel): refused with the rule's reason; the deadline is checked again in
 * the transaction against the database's clock (the click may come just too late); card
 * money goes back less the policy's fee, sent after the commit.
 */
export async function cancelOwnBooking(
  deps: OrderDeps,
  userId: string,
  input: BuyerCancellation,
): Promise<BookingView & OrderRefundResult> {
  const { view, policy } = await ownBooking(deps.db, userId, input.bookingId);
  requireOwnTickets(view, input.ticketIds);
  const refusal = buyerCancellationRefusal(view, policy, new Date(), input.ticketIds ?? null);
  if (refusal) throw refusalError(refusal);
  const done = await deps.db.transaction(async (tx) => {
    await refuseAfterDeadline(tx, userId, input.bookingId, view.event.timeZone);
    return cancelOrder(tx, deps, {
      bookingId: input.bookingId,
      ticketIds: input.ticketIds ?? null,
      source: "attendee",
      reason: null,
      requestedBy: userId,
      feePercent: policy.feePercent,
    });
  });
  await done.send();
  const after = await ownBooking(deps.db, userId, input.bookingId);
  return {
    ...after.view,
    cancelledTicketIds: done.cancelledTicketIds,
    refund: done.refund ? await findRefundView(deps.db, done.refund.id) : null,
  };
}

/**
 * Locks the booking and checks the policy once more with the database's `now()`: the
 * deadline (`starts_at − cancellation_deadline_hours`) inclusive, and the policy as it is
 * now (the organiser may have changed it while the buyer read the quote).
 */
async function refuseAfterDeadline(
  tx: Executor,
  userId: string,
  bookingId: string,
  timeZone: string,
): Promise<void> {
  const [row] = await rowsOf<{
    allowed: boolean;
    started: boolean;
    open: boolean;
    deadline: string | Date;
  }>(
    tx,
    sql`select e.attendee_cancellation as allowed, now() >= e.starts_at as started,
          now() <= e.starts_at - make_interval(hours => e.cancellation_deadline_hours) as open,
          e.starts_at - make_interval(hours => e.cancellation_deadline_hours) as deadline
        from bookings b join events e on e.id = b.event_id
        where ${mine(userId, bookingId)} for update of b`,
  );
  if (!row) throw new FunctionError("NOT_FOUND", "Booking not found.");
  if (!row.allowed) {
    throw refusalError({
      reason: "not-allowed",
      message: "The organiser does not allow cancelling bookings for this event.",
    });
  }
  if (row.started) {
    throw refusalError({
      reason: "started",
      message: "The event has started: bookings can no longer be cancelled.",
    });
  }
  if (!row.open) throw refusalError(deadlinePassed(new Date(row.deadline), timeZone));
}
