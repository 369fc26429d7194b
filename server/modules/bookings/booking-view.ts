import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db.ts";
import type { EventStatus } from "../events/event-options.ts";
import { rowsOf } from "../inventory/rows.ts";
import type { BookingStatus, PaymentStatus, TicketStatus } from "./booking-status.ts";

export type BookedEvent = {
  id: string;
  shortId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venueName: string;
  status: EventStatus;
};

export type BookingSummary = {
  id: string;
  reference: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentProvider: string;
  totalMinor: number;
  currency: string;
  ticketCount: number;
  createdAt: string;
  cancelledAt: string | null;
  event: BookedEvent;
};

export type BookingView = BookingSummary & {
  items: {
    ticketTypeId: string;
    name: string;
    quantity: number;
    unitPriceMinor: number;
    currency: string;
  }[];
  /** `id` is null in the view a visitor gets by reference and contact. */
  tickets: {
    id: string | null;
    ticketTypeName: string;
    attendeeName: string;
    status: TicketStatus;
  }[];
  /** Whether its owner may cancel it now (confirmed, event allows it and has not started). */
  canCancel: boolean;
};

type SummaryRow = {
  id: string;
  reference: string;
  status: BookingStatus;
  payment_status: PaymentStatus;
  payment_provider: string;
  total_minor: number;
  currency: string;
  ticket_count: number;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  event: BookedEvent & { startsAt: string; attendeeCancellation: boolean };
  items?: BookingView["items"] | string;
  tickets?: (BookingView["tickets"][number] & { id: string })[] | string;
};

function json<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const summaryColumns = sql`
  b.id, b.reference, b.status, b.payment_status, b.payment_provider, b.total_minor,
  b.currency, b.created_at, b.cancelled_at,
  (select coalesce(sum(bi.quantity), 0) from booking_items bi where bi.booking_id = b.id)::int
    as ticket_count,
  json_build_object('id', e.id, 'shortId', e.short_id, 'title', e.title,
    'startsAt', e.starts_at, 'endsAt', e.ends_at, 'timeZone', e.time_zone,
    'venueName', e.venue_name, 'status', e.status,
    'attendeeCancellation', e.attendee_cancellation) as event`;

function summaryOf(row: SummaryRow): BookingSummary {
  const event = json(row.event);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentProvider: row.payment_provider,
    totalMinor: Number(row.total_minor),
    currency: row.currency,
    ticketCount: Number(row.ticket_count),
    createdAt: iso(row.created_at),
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
    event: {
      id: event.id,
      shortId: event.shortId,
      title: event.title,
      startsAt: iso(event.startsAt),
      endsAt: iso(event.endsAt),
      timeZone: event.timeZone,
      venueName: event.venueName,
      status: event.status,
    },
  };
}

/** One booking with its lines and tickets, matching `where` (on `b`), or null. */
export async function findBookingView(
  db: Executor,
  where: SQL,
  audience: "owner" | "visitor",
): Promise<BookingView | null> {
  const [row] = await rowsOf<SummaryRow>(
    db,
    sql`select ${summaryColumns},
      coalesce((select json_agg(json_build_object('ticketTypeId', bi.ticket_type_id,
          'name', bi.name, 'quantity', bi.quantity, 'unitPriceMinor', bi.unit_price_minor,
          'currency', bi.currency) order by bi.name)
        from booking_items bi where bi.booking_id = b.id), '[]'::json) as items,
      coalesce((select json_agg(json_build_object('id', k.id, 'ticketTypeName', t.name,
          'attendeeName', k.attendee_name, 'status', k.status) order by k.created_at, k.id)
        from tickets k join ticket_types t on t.id = k.ticket_type_id
        where k.booking_id = b.id), '[]'::json) as tickets
    from bookings b join events e on e.id = b.event_id
    where ${where} limit 1`,
  );
  if (!row) return null;
  const summary = summaryOf(row);
  const event = json(row.event);
  return {
    ...summary,
    items: json(row.items ?? []),
    tickets: json(row.tickets ?? []).map((ticket) => ({
      ...ticket,
      id: audience === "owner" ? ticket.id : null,
    })),
    canCancel:
      audience === "owner" &&
      summary.status === "confirmed" &&
      event.attendeeCancellation &&
      event.status !== "cancelled" &&
      new Date(event.startsAt).getTime() > Date.now(),
  };
}

/** The user's bookings, newest first, `limit` at a time; `before` is the last one's createdAt. */
export async function listUserBookings(
  db: Executor,
  userId: string,
  page: { limit: number; before?: string },
): Promise<{ bookings: BookingSummary[]; nextBefore: string | null }> {
  const before = page.before ? sql`and b.created_at < ${page.before}::timestamptz` : sql``;
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`select ${summaryColumns} from bookings b join events e on e.id = b.event_id
        where b.user_id = ${userId}::uuid ${before}
        order by b.created_at desc, b.id desc limit ${page.limit + 1}`,
  );
  const bookings = rows.slice(0, page.limit).map(summaryOf);
  return {
    bookings,
    nextBefore: rows.length > page.limit ? (bookings.at(-1)?.createdAt ?? null) : null,
  };
}

export type UpcomingTicket = {
  id: string;
  attendeeName: string;
  ticketTypeName: string;
  bookingReference: string;
  event: BookedEvent;
};

/** The user's valid tickets for events that have not ended, soonest first. */
export async function upcomingTickets(db: Executor, userId: string): Promise<UpcomingTicket[]> {
  const rows = await rowsOf<{
    id: string;
    attendee_name: string;
    type_name: string;
    reference: string;
    event: BookedEvent;
  }>(
    db,
    sql`select k.id, k.attendee_name, t.name as type_name, b.reference,
      json_build_object('id', e.id, 'shortId', e.short_id, 'title', e.title,
        'startsAt', e.starts_at, 'endsAt', e.ends_at, 'timeZone', e.time_zone,
        'venueName', e.venue_name, 'status', e.status) as event
    from tickets k
      join events e on e.id = k.event_id
      join ticket_types t on t.id = k.ticket_type_id
      join bookings b on b.id = k.booking_id
    where k.holder_user_id = ${userId}::uuid and k.status = 'valid' and e.ends_at > now()
    order by e.starts_at, k.created_at, k.id
    limit 500`,
  );
  return rows.map((row) => {
    const event = json(row.event);
    return {
      id: row.id,
      attendeeName: row.attendee_name,
      ticketTypeName: row.type_name,
      bookingReference: row.reference,
      event: { ...event, startsAt: iso(event.startsAt), endsAt: iso(event.endsAt) },
    };
  });
}
