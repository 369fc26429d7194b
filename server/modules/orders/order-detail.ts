import { sql } from "drizzle-orm";
import type { BookingStatus, PaymentStatus } from "#contract/booking-status.ts";
import {
  type InvoiceKind,
  type InvoiceSummary,
  invoiceNumberText,
} from "#contract/invoice-view.ts";
import type { OrderLineView, OrderTicketView, OrderView } from "#contract/order-view.ts";
import type { RefundSource, RefundStatus } from "#contract/refund-status.ts";
import type { RefundView } from "#contract/refund-view.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";
import { answersJson, answersOf } from "#server/modules/bookings/booking-answers.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { requireOwnedOrder } from "./order-access.ts";
import { orderHistory } from "./order-history.ts";
import { type OrderRow, orderItemOf, orderRowColumns } from "./order-list.ts";

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type DetailRow = OrderRow & {
  event_id: string;
  event_title: string;
  time_zone: string;
  status: BookingStatus;
  payment_status: PaymentStatus;
  payment_provider: string;
  card_last4: string | null;
  fees_minor: number;
  tax_minor: number;
  cancelled_at: string | null;
  code: string | null;
  answers: unknown;
};

/** `orders.get`: one order of the caller's events with its tickets, money and history. */
export async function getOrder(
  db: Executor,
  userId: string,
  bookingId: string,
): Promise<OrderView> {
  await requireOwnedOrder(db, userId, bookingId);
  const id = sql`${bookingId}::uuid`;
  const [row] = await rowsOf<DetailRow>(
    db,
    sql`select ${orderRowColumns}, e.id as event_id, e.title as event_title, e.time_zone,
        b.status, b.payment_status, b.payment_provider, b.card_last4, b.fees_minor, b.tax_minor,
        b.code, ${answersJson(sql`b.id`)} as answers,
        ${iso("b.cancelled_at")} as cancelled_at
      from bookings b join users u on u.id = b.user_id join events e on e.id = b.event_id
      where b.id = ${id}`,
  );
  if (!row) throw new Error("order vanished");
  const [lines, tickets, refunds, invoices, history] = await Promise.all([
    orderLines(db, bookingId),
    orderTickets(db, bookingId),
    orderRefunds(db, bookingId),
    orderInvoices(db, bookingId),
    orderHistory(db, bookingId),
  ]);
  return {
    ...orderItemOf(row),
    eventId: row.event_id,
    eventTitle: row.event_title,
    timeZone: row.time_zone,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentProvider: row.payment_provider,
    cardLast4: row.card_last4,
    feesMinor: row.fees_minor,
    taxMinor: row.tax_minor,
    cancelledAt: row.cancelled_at,
    code: row.code,
    answers: answersOf(row.answers),
    lines,
    tickets,
    refunds,
    invoices,
    history,
  };
}

async function orderLines(db: Executor, bookingId: string): Promise<OrderLineView[]> {
  const rows = await rowsOf<{
    name: string;
    quantity: number;
    unit_price_minor: number;
    discount_minor: number;
  }>(
    db,
    sql`select i.name, i.quantity, i.unit_price_minor, i.discount_minor from booking_items i
      join ticket_types t on t.id = i.ticket_type_id
      where i.booking_id = ${bookingId}::uuid order by t.position, t.id`,
  );
  return rows.map((r) => ({
    name: r.name,
    quantity: r.quantity,
    unitPriceMinor: r.unit_price_minor,
    discountMinor: r.discount_minor,
  }));
}

/** The tickets in the order they were issued; the holder when passed on to another account. */
async function orderTickets(db: Executor, bookingId: string): Promise<OrderTicketView[]> {
  const rows = await rowsOf<{
    id: string;
    type_name: string;
    attendee_name: string;
    holder_name: string | null;
    status: TicketStatus;
    checked_in_at: string | null;
  }>(
    db,
    sql`select k.id, t.name as type_name, k.attendee_name,
        case when k.holder_user_id is distinct from b.user_id then h.name end as holder_name,
        k.status,
        (select ${iso("max(c.created_at)")} from check_ins c
          where c.ticket_id = k.id and c.undone_at is null) as checked_in_at
      from tickets k join bookings b on b.id = k.booking_id
        join ticket_types t on t.id = k.ticket_type_id
        left join users h on h.id = k.holder_user_id
      where k.booking_id = ${bookingId}::uuid order by k.created_at, k.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    typeName: r.type_name,
    attendeeName: r.attendee_name,
    holderName: r.holder_name,
    status: r.status,
    checkedInAt: r.checked_in_at,
  }));
}

/** Payments' `refunds` of the order (read by name), oldest first. */
export async function orderRefunds(db: Executor, bookingId: string): Promise<RefundView[]> {
  const rows = await rowsOf<{
    id: string;
    source: RefundSource;
    reason: string | null;
    status: RefundStatus;
    amount_minor: number;
    kept_minor: number;
    currency: string;
    ticket_count: number;
    attempt: number;
    failure: string | null;
    created_at: string;
    settled_at: string | null;
  }>(
    db,
    sql`select r.id, r.source, r.reason, r.status, r.amount_minor, r.kept_minor, r.currency,
        cardinality(r.ticket_ids) as ticket_count, r.attempt, r.failure,
        ${iso("r.created_at")} as created_at, ${iso("r.settled_at")} as settled_at
      from refunds r where r.booking_id = ${bookingId}::uuid order by r.created_at, r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    bookingId,
    source: r.source,
    reason: r.reason,
    status: r.status,
    amountMinor: r.amount_minor,
    keptMinor: r.kept_minor,
    currency: r.currency,
    ticketCount: Number(r.ticket_count),
    attempt: r.attempt,
    failure: r.failure,
    createdAt: r.created_at,
    settledAt: r.settled_at,
  }));
}

/** The invoices module's `invoices` of the order (read by name): invoice, then credit notes. */
async function orderInvoices(db: Executor, bookingId: string): Promise<InvoiceSummary[]> {
  const rows = await rowsOf<{
    id: string;
    kind: InvoiceKind;
    number: number;
    issued_at: string;
    total_minor: number | string | null;
    currency: string | null;
  }>(
    db,
    sql`select i.id, i.kind, i.number, ${iso("i.issued_at")} as issued_at,
        i.document ->> 'totalMinor' as total_minor, i.document ->> 'currency' as currency
      from invoices i where i.booking_id = ${bookingId}::uuid order by i.issued_at, i.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    number: invoiceNumberText(r.kind, r.number),
    issuedAt: r.issued_at,
    totalMinor: Number(r.total_minor ?? 0),
    currency: r.currency ?? "",
  }));
}
