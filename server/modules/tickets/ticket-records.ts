import { sql } from "drizzle-orm";
import type { EventSummary } from "#contract/event-summary.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";
import { isUuid } from "#contract/uuid.ts";
import { eventSummaryJson, eventSummaryOf } from "#server/modules/events/event-summary.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** A ticket with what every view of it needs. */
export type TicketRecord = {
  id: string;
  status: TicketStatus;
  attendeeName: string;
  ticketTypeName: string;
  holderUserId: string | null;
  generation: number;
  manualCode: string;
  bookingId: string;
  bookingReference: string;
  bookingUserId: string | null;
  event: EventSummary & { venueAddress: string };
};

export type TicketRow = {
  id: string;
  status: TicketStatus;
  attendee_name: string;
  type_name: string;
  holder_user_id: string | null;
  generation: number;
  manual_code: string;
  booking_id: string;
  reference: string;
  booking_user_id: string | null;
  venue_address: string;
  event: EventSummary | string;
};

export const selectTickets = sql`select k.id, k.status, k.attendee_name, t.name as type_name,
    k.holder_user_id, k.generation, k.manual_code, k.booking_id, b.reference,
    b.user_id as booking_user_id, e.venue_address, ${eventSummaryJson} as event
  from tickets k
    join events e on e.id = k.event_id
    join ticket_types t on t.id = k.ticket_type_id
    join bookings b on b.id = k.booking_id`;

export function recordOf(row: TicketRow): TicketRecord {
  return {
    id: row.id,
    status: row.status,
    attendeeName: row.attendee_name,
    ticketTypeName: row.type_name,
    holderUserId: row.holder_user_id,
    generation: Number(row.generation),
    manualCode: row.manual_code,
    bookingId: row.booking_id,
    bookingReference: row.reference,
    bookingUserId: row.booking_user_id,
    event: { ...eventSummaryOf(row.event), venueAddress: row.venue_address },
  };
}

export function ticketNotFound(): FunctionError {
  return new FunctionError("NOT_FOUND", "Ticket not found.");
}

/** A ticket by id; null for an unknown or malformed id. `lock`: FOR UPDATE of the ticket row. */
export async function findTicket(
  db: Executor,
  ticketId: string,
  options: { lock?: boolean } = {},
): Promise<TicketRecord | null> {
  if (!isUuid(ticketId)) return null;
  const [row] = await rowsOf<TicketRow>(
    db,
    sql`${selectTickets} where k.id = ${ticketId}::uuid ${options.lock ? sql`for update of k` : sql``}`,
  );
  return row ? recordOf(row) : null;
}

/** The ticket when `userId` holds it; NOT_FOUND otherwise, as if it did not exist. */
export async function requireHeldTicket(
  db: Executor,
  userId: string,
  ticketId: string,
  options: { lock?: boolean } = {},
): Promise<TicketRecord> {
  const ticket = await findTicket(db, ticketId, options);
  if (!ticket || ticket.holderUserId !== userId) throw ticketNotFound();
  return ticket;
}

/** The user's tickets for one event (any status), in the booking's attendee order. */
export async function heldTicketsForEvent(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<TicketRecord[]> {
  if (!isUuid(eventId)) return [];
  const rows = await rowsOf<TicketRow>(
    db,
    sql`${selectTickets} where k.holder_user_id = ${userId}::uuid and k.event_id = ${eventId}::uuid
      order by (k.status = 'cancelled'), k.created_at, k.id limit 200`,
  );
  return rows.map(recordOf);
}
