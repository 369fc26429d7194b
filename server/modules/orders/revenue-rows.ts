import { type SQL, sql } from "drizzle-orm";
import type { PaymentStatus } from "#contract/booking-status.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

// What revenue-figures.ts adds up, read in four statements over the scope's events.

export type RevenueEventRow = { id: string; title: string; startsAt: string; timeZone: string };
export type RevenueBookingRow = {
  id: string;
  eventId: string;
  currency: string;
  /** Paid by card (the money was taken, whatever happened after). */
  card: boolean;
  /** Pay at the venue, not paid yet. */
  venueUnpaid: boolean;
  totalMinor: number;
  feesMinor: number;
  /** `YYYY-MM-DD` in the event's time zone. */
  day: string;
};
export type RevenueTicketRow = {
  id: string;
  bookingId: string;
  ticketTypeId: string;
  typeName: string;
  unitPriceMinor: number;
  cancelled: boolean;
};
export type RevenueRefundRow = {
  bookingId: string;
  amountMinor: number;
  feesMinor: number;
  ticketIds: string[];
  day: string;
};

export type RevenueRows = {
  events: RevenueEventRow[];
  bookings: RevenueBookingRow[];
  tickets: RevenueTicketRow[];
  refunds: RevenueRefundRow[];
};

/** Card money was taken: these payment statuses follow a card payment. */
const cardTaken: readonly PaymentStatus[] = ["paid", "partly-refunded", "refunded", "disputed"];

const statusList = sql.join(
  cardTaken.map((status) => sql`${status}`),
  sql`, `,
);

/** `{a,b}` as PGlite may return a uuid[] in a raw statement. */
function idsOf(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  const inner = (value ?? "").replace(/^\{|\}$/g, "");
  return inner ? inner.split(",") : [];
}

/**
 * The rows of the events `eventsWhere` picks (a condition on `events e`), in the order
 * the figures want them: events by start, tickets by id (the stable order of
 * contract/refund-amounts.ts's shares).
 */
export async function revenueRows(db: Executor, eventsWhere: SQL): Promise<RevenueRows> {
  const events = await rowsOf<{
    id: string;
    title: string;
    starts_at: string | Date;
    time_zone: string;
  }>(
    db,
    sql`select e.id, e.title, e.starts_at, e.time_zone from events e
      where ${eventsWhere} order by e.starts_at, e.id`,
  );
  if (events.length === 0) return { events: [], bookings: [], tickets: [], refunds: [] };
  const ids = sql.join(
    events.map((event) => sql`${event.id}::uuid`),
    sql`, `,
  );
  // One after another: `db` may be a transaction's single connection.
  const bookings = await rowsOf<{
    id: string;
    event_id: string;
    currency: string;
    card: boolean;
    venue_unpaid: boolean;
    total_minor: number;
    fees_minor: number;
    day: string;
  }>(
    db,
    sql`select b.id, b.event_id, upper(b.currency) as currency,
        (b.payment_provider not in ('venue', 'free') and b.payment_status in (${statusList})) as card,
        (b.payment_provider = 'venue' and b.payment_status = 'unpaid') as venue_unpaid,
        b.total_minor, b.fees_minor,
        to_char(b.created_at at time zone e.time_zone, 'YYYY-MM-DD') as day
      from bookings b join events e on e.id = b.event_id
      where b.event_id in (${ids})`,
  );
  const tickets = await rowsOf<{
    id: string;
    booking_id: string;
    ticket_type_id: string;
    type_name: string;
    unit_price_minor: number;
    cancelled: boolean;
  }>(
    db,
    sql`select k.id, k.booking_id, k.ticket_type_id, t.name as type_name,
        coalesce(i.unit_price_minor, 0) as unit_price_minor, k.status = 'cancelled' as cancelled
      from tickets k join ticket_types t on t.id = k.ticket_type_id
        left join booking_items i on i.booking_id = k.booking_id and i.ticket_type_id = k.ticket_type_id
      where k.event_id in (${ids})
      order by k.id`,
  );
  const refunds = await rowsOf<{
    booking_id: string;
    amount_minor: number;
    fees_minor: number;
    ticket_ids: string[] | string | null;
    day: string;
  }>(
    db,
    sql`select r.booking_id, r.amount_minor, r.fees_minor, r.ticket_ids,
        to_char(r.created_at at time zone e.time_zone, 'YYYY-MM-DD') as day
      from refunds r join events e on e.id = r.event_id
      where r.event_id in (${ids}) and r.status <> 'failed'
      order by r.created_at, r.id`,
  );
  return {
    events: events.map((e) => ({
      id: e.id,
      title: e.title,
      startsAt: new Date(e.starts_at).toISOString(),
      timeZone: e.time_zone,
    })),
    bookings: bookings.map((b) => ({
      id: b.id,
      eventId: b.event_id,
      currency: b.currency,
      card: b.card === true,
      venueUnpaid: b.venue_unpaid === true,
      totalMinor: Number(b.total_minor),
      feesMinor: Number(b.fees_minor),
      day: b.day,
    })),
    tickets: tickets.map((k) => ({
      id: k.id,
      bookingId: k.booking_id,
      ticketTypeId: k.ticket_type_id,
      typeName: k.type_name,
      unitPriceMinor: Number(k.unit_price_minor),
      cancelled: k.cancelled === true,
    })),
    refunds: refunds.map((r) => ({
      bookingId: r.booking_id,
      amountMinor: Number(r.amount_minor),
      feesMinor: Number(r.fees_minor),
      ticketIds: idsOf(r.ticket_ids),
      day: r.day,
    })),
  };
}
