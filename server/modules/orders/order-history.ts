import { sql } from "drizzle-orm";
import type { OrderHistoryEntry, OrderHistoryKind } from "#contract/order-view.ts";
import { formatTotal, ticketCount } from "#server/modules/bookings/ticket-email/email-format.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

type HistoryRow = {
  kind: OrderHistoryKind;
  at: string;
  name: string | null;
  other: string | null;
  status: string | null;
  amount_minor: number | null;
  currency: string | null;
  count: number | null;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Everything that happened to one order, oldest first, from the tables that saw it (each
 * read by name): the booking (booked and paid, cancelled), payments' `refunds` (asked for,
 * settled), tickets' `ticket_assignments` (passed on), checkin's `check_ins` (admitted,
 * undone) and the tickets cancelled one by one.
 */
export async function orderHistory(db: Executor, bookingId: string): Promise<OrderHistoryEntry[]> {
  const id = sql`${bookingId}::uuid`;
  const rows = await rowsOf<HistoryRow & { sort: string }>(
    db,
    sql`select * from (
      select 'booked' as kind, b.created_at as sort, ${iso("b.created_at")} as at,
        null as name, null as other, b.payment_provider as status, b.total_minor as amount_minor,
        b.currency, (select count(*)::int from tickets k where k.booking_id = b.id) as count
      from bookings b where b.id = ${id}
      union all
      select 'refund', r.created_at,
        ${iso("r.created_at")}, r.reason, r.source, 'requested', r.amount_minor, r.currency,
        cardinality(r.ticket_ids)
      from refunds r where r.booking_id = ${id}
      union all
      select 'refund-settled', r.settled_at, ${iso("r.settled_at")}, r.failure, null, r.status,
        r.amount_minor, r.currency, null
      from refunds r where r.booking_id = ${id} and r.settled_at is not null
      union all
      select 'assigned', a.created_at, ${iso("a.created_at")}, a.recipient_name, a.from_name,
        a.status, null, null, null
      from ticket_assignments a join tickets k on k.id = a.ticket_id where k.booking_id = ${id}
      union all
      select 'checked-in', c.created_at, ${iso("c.created_at")}, k.attendee_name, c.staff_name,
        null, null, null, null
      from check_ins c join tickets k on k.id = c.ticket_id where k.booking_id = ${id}
      union all
      select 'check-in-undone', c.undone_at, ${iso("c.undone_at")}, k.attendee_name,
        c.undone_by_name, null, null, null, null
      from check_ins c join tickets k on k.id = c.ticket_id
      where k.booking_id = ${id} and c.undone_at is not null
      union all
      select 'ticket-cancelled', k.cancelled_at, ${iso("k.cancelled_at")}, k.attendee_name, null,
        null, null, null, null
      from tickets k join bookings b on b.id = k.booking_id
      where k.booking_id = ${id} and k.cancelled_at is not null
        and k.cancelled_at is distinct from b.cancelled_at
      union all
      select 'cancelled', b.cancelled_at, ${iso("b.cancelled_at")}, null, b.cancelled_by,
        b.status, null, null, null
      from bookings b where b.id = ${id} and b.cancelled_at is not null
    ) h order by sort, kind`,
  );
  return rows.map((row) => ({ at: row.at, kind: row.kind, summary: summaryOf(row) }));
}

const money = (row: HistoryRow) => formatTotal(row.amount_minor ?? 0, row.currency ?? "GBP");

const refundSourceText: Record<string, string> = {
  organizer: "by the organiser",
  attendee: "by the buyer's cancellation",
  "event-cancelled": "as the event was cancelled",
  "account-deletion": "as the buyer's account was deleted",
};

/** What a person reads for one entry. */
function summaryOf(row: HistoryRow): string {
  switch (row.kind) {
    case "booked": {
      const tickets = ticketCount(row.count ?? 0);
      if (row.status === "free") return `Booked ${tickets}, free.`;
      if (row.status === "venue") return `Booked ${tickets}, ${money(row)} to pay at the venue.`;
      return `Booked ${tickets} and paid ${money(row)} by card.`;
    }
    case "refund": {
      const source = refundSourceText[row.other ?? ""] ?? "";
      const tickets = row.count ? `, ${ticketCount(row.count)} cancelled` : "";
      const reason = row.name ? ` Reason: ${row.name}` : "";
      return `Refund of ${money(row)} asked for ${source}${tickets}.${reason}`;
    }
    case "refund-settled":
      return row.status === "succeeded"
        ? `Refund of ${money(row)} reached the card.`
        : `Refund of ${money(row)} failed${row.name ? `: ${row.name}` : "."}`;
    case "assigned":
      return `Ticket passed on by ${row.other ?? "the holder"} to ${row.name ?? "someone"} (${row.status}).`;
    case "checked-in":
      return `${row.name ?? "A ticket"} checked in${row.other ? ` by ${row.other}` : ""}.`;
    case "check-in-undone":
      return `Check-in of ${row.name ?? "a ticket"} undone${row.other ? ` by ${row.other}` : ""}.`;
    case "ticket-cancelled":
      return `Ticket of ${row.name ?? "an attendee"} cancelled.`;
    case "cancelled":
      return row.status === "refunded" ? "Order closed: refunded." : "Order cancelled.";
  }
}
