import { sql } from "drizzle-orm";
import type { BookingStatus, PaymentStatus } from "#contract/booking-status.ts";
import type { TicketMoney } from "#contract/refund-amounts.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export type LockedOrder = {
  id: string;
  userId: string;
  reference: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  totalMinor: number;
  feesMinor: number;
  refundedMinor: number;
  currency: string;
  event: { id: string; title: string };
};

export type OrderTicket = TicketMoney & { status: TicketStatus; holderUserId: string | null };

/**
 * Locks a booking (`for update`: two refunds of one booking cannot both count its money
 * as unrefunded; `lock: false` for a quote, which only reads) and reads its money and every ticket with its unit price (from
 * `booking_items` by ticket type), in a stable order: the order the shares are made in.
 */
export async function lockOrder(
  tx: Executor,
  bookingId: string,
  options: { lock: boolean } = { lock: true },
): Promise<{ order: LockedOrder; tickets: OrderTicket[] }> {
  const [row] = await rowsOf<{
    id: string;
    user_id: string;
    reference: string;
    status: BookingStatus;
    payment_status: PaymentStatus;
    total_minor: number;
    fees_minor: number;
    refunded_minor: number;
    currency: string;
    event_id: string;
    title: string;
  }>(
    tx,
    sql`select b.id, b.user_id, b.reference, b.status, b.payment_status, b.total_minor,
          b.fees_minor, b.refunded_minor, b.currency, e.id as event_id, e.title
        from bookings b join events e on e.id = b.event_id
        where b.id = ${bookingId}::uuid ${options.lock ? sql`for update of b` : sql``}`,
  );
  if (!row) throw new FunctionError("NOT_FOUND", "Order not found.");
  const tickets = await rowsOf<{
    id: string;
    status: TicketStatus;
    holder_user_id: string | null;
    unit_price_minor: number;
  }>(
    tx,
    sql`select k.id, k.status, k.holder_user_id, coalesce(bi.unit_price_minor, 0) as unit_price_minor
        from tickets k left join booking_items bi
          on bi.booking_id = k.booking_id and bi.ticket_type_id = k.ticket_type_id
        where k.booking_id = ${bookingId}::uuid order by k.created_at, k.id`,
  );
  return {
    order: {
      id: row.id,
      userId: row.user_id,
      reference: row.reference,
      status: row.status,
      paymentStatus: row.payment_status,
      totalMinor: Number(row.total_minor),
      feesMinor: Number(row.fees_minor),
      refundedMinor: Number(row.refunded_minor),
      currency: row.currency,
      event: { id: row.event_id, title: row.title },
    },
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      status: ticket.status,
      holderUserId: ticket.holder_user_id,
      unitPriceMinor: Number(ticket.unit_price_minor),
    })),
  };
}

const refuse = (message: string, reason: string): never => {
  throw new FunctionError("FAILED_PRECONDITION", message, { reason });
};

/**
 * The tickets to cancel: every valid one (null), or the chosen ones, each a valid ticket
 * of this booking (another booking's ticket answers NOT_FOUND, like an unknown one).
 */
export function chosenTickets(
  order: LockedOrder,
  tickets: OrderTicket[],
  ticketIds: readonly string[] | null,
): string[] {
  if (order.status !== "confirmed") refuse("This order is already cancelled.", "already-cancelled");
  if (ticketIds === null) {
    const valid = tickets.filter((ticket) => ticket.status === "valid").map((ticket) => ticket.id);
    if (valid.length === 0) {
      refuse("This order has no valid ticket left to cancel.", "already-cancelled");
    }
    return valid;
  }
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  for (const id of new Set(ticketIds)) {
    const ticket = byId.get(id);
    if (!ticket) throw new FunctionError("NOT_FOUND", "Ticket not found.");
    if (ticket.status === "checked-in") {
      refuse("This ticket was already used at the door.", "checked-in");
    }
    if (ticket.status === "cancelled")
      refuse("This ticket is already cancelled.", "already-cancelled");
  }
  return [...new Set(ticketIds)];
}

/** Card money that can go back: paid (or partly refunded, or disputed) through a checkout. */
export function paidByCard(order: Pick<LockedOrder, "paymentStatus">): boolean {
  return ["paid", "partly-refunded", "disputed"].includes(order.paymentStatus);
}
