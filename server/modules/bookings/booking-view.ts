import { type SQL, sql } from "drizzle-orm";
import type { BookingStatus, PaymentStatus } from "#contract/booking-status.ts";
import type { BookingSummary, BookingView } from "#contract/booking-view.ts";
import type { CancellationPolicy } from "#contract/cancellation-policy.ts";
import type { EventSummary } from "#contract/event-summary.ts";
import { eventSummaryOf } from "#server/modules/events/event-summary.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { isoTime, parsedJson } from "#server/platform/db/sql-values.ts";
import { answersJson, answersOf } from "./booking-answers.ts";
import { buyerCancellationRefusal } from "./cancellation-rules.ts";

type SummaryRow = {
  id: string;
  reference: string;
  status: BookingStatus;
  payment_status: PaymentStatus;
  payment_provider: string;
  total_minor: number;
  fees_minor: number;
  tax_minor: number;
  currency: string;
  ticket_count: number;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  event: EventSummary & { startsAt: string } & PolicyColumns;
  items?: BookingView["items"] | string;
  code?: string | null;
  answers?: unknown;
  tickets?: (BookingView["tickets"][number] & { id: string })[] | string;
};

const summaryColumns = sql`
  b.id, b.reference, b.status, b.payment_status, b.payment_provider, b.total_minor,
  b.fees_minor, b.tax_minor,
  b.currency, b.created_at, b.cancelled_at,
  (select coalesce(sum(bi.quantity), 0) from booking_items bi where bi.booking_id = b.id)::int
    as ticket_count,
  json_build_object('id', e.id, 'shortId', e.short_id, 'title', e.title,
    'startsAt', e.starts_at, 'endsAt', e.ends_at, 'timeZone', e.time_zone,
    'venueName', e.venue_name, 'status', e.status,
    'attendeeCancellation', e.attendee_cancellation,
    'cancellationDeadlineHours', e.cancellation_deadline_hours,
    'cancellationFeePercent', e.cancellation_fee_percent) as event`;

type PolicyColumns = {
  attendeeCancellation: boolean;
  cancellationDeadlineHours: number;
  cancellationFeePercent: number;
};

/** The event's cancellation policy from its columns. */
export function policyOf(event: PolicyColumns): CancellationPolicy {
  return {
    attendeeCancellation: event.attendeeCancellation,
    deadlineHours: Number(event.cancellationDeadlineHours),
    feePercent: Number(event.cancellationFeePercent),
  };
}

function summaryOf(row: SummaryRow): BookingSummary {
  const event = parsedJson(row.event);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentProvider: row.payment_provider,
    totalMinor: Number(row.total_minor),
    feesMinor: Number(row.fees_minor),
    taxMinor: Number(row.tax_minor),
    currency: row.currency,
    ticketCount: Number(row.ticket_count),
    createdAt: isoTime(row.created_at),
    cancelledAt: row.cancelled_at ? isoTime(row.cancelled_at) : null,
    event: eventSummaryOf(event),
  };
}

/** One booking with its lines and tickets, matching `where` (on `b`), or null. */
export async function findBookingView(
  db: Executor,
  where: SQL,
  audience: "owner" | "visitor",
): Promise<BookingView | null> {
  const found = await findBookingWithPolicy(db, where, audience);
  return found?.view ?? null;
}

/** `findBookingView` with the event's cancellation policy (the buyer's cancellation). */
export async function findBookingWithPolicy(
  db: Executor,
  where: SQL,
  audience: "owner" | "visitor",
): Promise<{ view: BookingView; policy: CancellationPolicy } | null> {
  const [row] = await rowsOf<SummaryRow>(
    db,
    sql`select ${summaryColumns},
      coalesce((select json_agg(json_build_object('ticketTypeId', bi.ticket_type_id,
          'name', bi.name, 'quantity', bi.quantity, 'unitPriceMinor', bi.unit_price_minor,
          'discountMinor', bi.discount_minor, 'currency', bi.currency) order by bi.name)
        from booking_items bi where bi.booking_id = b.id), '[]'::json) as items, b.code,
      ${answersJson(sql`b.id`)} as answers,
      coalesce((select json_agg(json_build_object('id', k.id, 'ticketTypeName', t.name,
          'attendeeName', k.attendee_name, 'status', k.status) order by k.created_at, k.id)
        from tickets k join ticket_types t on t.id = k.ticket_type_id
        where k.booking_id = b.id), '[]'::json) as tickets
    from bookings b join events e on e.id = b.event_id
    where ${where} limit 1`,
  );
  if (!row) return null;
  const summary = summaryOf(row);
  const policy = policyOf(parsedJson(row.event));
  const tickets = parsedJson(row.tickets ?? []);
  const view: BookingView = {
    ...summary,
    items: parsedJson(row.items ?? []),
    code: row.code ?? null,
    answers: audience === "owner" ? answersOf(row.answers) : [],
    tickets: tickets.map((ticket) => ({ ...ticket, id: audience === "owner" ? ticket.id : null })),
    canCancel: false,
  };
  // The policy decides (contract/cancellation-policy.ts); the card money goes back.
  view.canCancel =
    audience === "owner" &&
    buyerCancellationRefusal({ ...view, tickets }, policy, new Date()) === null &&
    tickets.some((ticket) => ticket.status === "valid");
  return { view, policy };
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
