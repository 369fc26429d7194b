import { refundAmountOf } from "#contract/refund-amounts.ts";
import type { RefundSource } from "#contract/refund-status.ts";
import { cancelTicketsOfBooking } from "#server/modules/bookings/cancel-tickets.ts";
import { issueCreditNoteFor } from "#server/modules/invoices/issue-invoices.ts";
import {
  type RefundRow,
  recordRefund,
  sendRefundsLater,
} from "#server/modules/payments/refunds.ts";
import type { AfterCommit } from "#server/modules/payments/webhook-handler.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { OrderDeps } from "./order-deps.ts";
import { tellTicketsCancelled } from "./order-notices.ts";
import { chosenTickets, type LockedOrder, lockOrder, paidByCard } from "./order-tickets.ts";

export type CancelOrderRequest = {
  bookingId: string;
  /** null: every valid ticket of the booking. */
  ticketIds: readonly string[] | null;
  source: Extract<RefundSource, "organizer" | "attendee">;
  reason: string | null;
  requestedBy: string | null;
  /** The policy's cancellation fee kept back (buyer cancellations), 0 otherwise. */
  feePercent: number;
};

export type CancelledOrder = {
  order: LockedOrder;
  cancelledTicketIds: string[];
  refund: RefundRow | null;
  bookingClosed: boolean;
  /** Sends the refund after the commit (a failure there is left to the refund runner). */
  send: AfterCommit;
};

/**
 * Cancels tickets of one booking and, when it was paid by card, records the refund of
 * their share (contract/refund-amounts.ts, less `feePercent`), in the caller's
 * transaction: the booking is locked first (`for update`), the tickets cancelled and
 * their places given back in one statement, the refund and its credit note recorded, the
 * buyer and other holders told. The money moves after the commit: call `send` then.
 */
export async function cancelOrder(
  tx: Executor,
  deps: OrderDeps,
  request: CancelOrderRequest,
): Promise<CancelledOrder> {
  const { order, tickets } = await lockOrder(tx, request.bookingId);
  const chosen = chosenTickets(order, tickets, request.ticketIds);
  const amount = paidByCard(order)
    ? refundAmountOf(order, tickets, chosen, request.feePercent)
    : { amountMinor: 0, feesMinor: 0, keptMinor: 0 };
  const cancelled = await cancelTicketsOfBooking(tx, {
    bookingId: order.id,
    ticketIds: chosen,
    source: request.source,
    closeAs: amount.amountMinor > 0 ? "refunded" : "cancelled",
  });
  const refund = await recordRefund(tx, {
    bookingId: order.id,
    source: request.source,
    reason: request.reason,
    ticketIds: cancelled.ticketIds,
    amountMinor: amount.amountMinor,
    feesMinor: amount.feesMinor,
    keptMinor: amount.keptMinor,
    requestedBy: request.requestedBy,
  });
  if (refund) await issueCreditNoteFor(tx, refund.id);
  await tellTicketsCancelled(tx, deps, {
    order,
    tickets,
    cancelledIds: cancelled.ticketIds,
    refundMinor: refund?.amountMinor ?? 0,
    byBuyer: request.source === "attendee",
    reason: request.reason,
  });
  return {
    order,
    cancelledTicketIds: cancelled.ticketIds,
    refund,
    bookingClosed: cancelled.bookingClosed,
    send: refund ? sendRefundsLater(deps, [refund.id]) : async () => {},
  };
}
