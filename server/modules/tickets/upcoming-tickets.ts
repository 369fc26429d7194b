import { sql } from "drizzle-orm";
import type { EventSummary } from "#contract/event-summary.ts";
import type { UpcomingTicket } from "#contract/upcoming-ticket.ts";
import { eventSummaryJson, eventSummaryOf } from "#server/modules/events/event-summary.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * The user's tickets for events that have not ended, soonest first (at most 500): valid
 * ones and those already used at the door, which stay until the event ends (for a ticket
 * passed on, this is the only list its new holder finds it in).
 */
export async function upcomingTickets(db: Executor, userId: string): Promise<UpcomingTicket[]> {
  const rows = await rowsOf<{
    id: string;
    status: UpcomingTicket["status"];
    attendee_name: string;
    type_name: string;
    reference: string;
    event: EventSummary | string;
  }>(
    db,
    sql`select k.id, k.status, k.attendee_name, t.name as type_name, b.reference,
      ${eventSummaryJson} as event
    from tickets k
      join events e on e.id = k.event_id
      join ticket_types t on t.id = k.ticket_type_id
      join bookings b on b.id = k.booking_id
    where k.holder_user_id = ${userId}::uuid and k.status in ('valid', 'checked-in')
      and e.ends_at > now()
    order by e.starts_at, k.created_at, k.id
    limit 500`,
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    attendeeName: row.attendee_name,
    ticketTypeName: row.type_name,
    bookingReference: row.reference,
    event: eventSummaryOf(row.event),
  }));
}
