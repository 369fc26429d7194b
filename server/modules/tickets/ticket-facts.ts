import { sql } from "drizzle-orm";
import { clockTime } from "#contract/door-verdict.ts";
import type { JudgeInput, TicketFacts } from "#contract/judge-ticket.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";
import { eventRoleOf } from "#server/modules/teams/team-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** A ticket named by id, or by its typed code among one event's tickets. */
export type TicketLookup = { ticketId: string } | { eventId: string; manualCode: string };

type Row = {
  id: string;
  event_id: string;
  short_id: string;
  title: string;
  time_zone: string;
  status: TicketStatus;
  generation: number;
  attendee_name: string;
  type_name: string;
  check_in_id: string | null;
  checked_in_at: string | Date | null;
  staff_name: string | null;
  device_id: string | null;
};

/**
 * What `judgeTicket` needs to know of a ticket, in one query: its event, status and
 * generation, and its live admission (the check-in module's table, read by name). Null
 * when there is no such ticket.
 */
async function readTicketFacts(db: Executor, lookup: TicketLookup): Promise<TicketFacts | null> {
  const where =
    "manualCode" in lookup
      ? sql`k.event_id = ${lookup.eventId}::uuid and k.manual_code = ${lookup.manualCode}`
      : sql`k.id = ${lookup.ticketId}::uuid`;
  const [row] = await rowsOf<Row>(
    db,
    sql`select k.id, k.event_id, e.short_id, e.title, e.time_zone, k.status, k.generation,
        k.attendee_name, t.name as type_name, c.id as check_in_id,
        c.created_at as checked_in_at, c.staff_name, c.device_id
      from tickets k join events e on e.id = k.event_id
        join ticket_types t on t.id = k.ticket_type_id
        left join check_ins c on c.ticket_id = k.id and c.undone_at is null
      where ${where}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.title,
    eventShortId: row.short_id,
    status: row.status,
    generation: Number(row.generation),
    attendeeName: row.attendee_name,
    ticketTypeName: row.type_name,
    checkIn:
      row.check_in_id && row.checked_in_at
        ? {
            id: row.check_in_id,
            at: new Date(row.checked_in_at).toISOString(),
            time: clockTime(row.checked_in_at, row.time_zone),
            staffName: row.staff_name ?? "Door staff",
            deviceId: row.device_id ?? "",
          }
        : null,
  };
}

/**
 * What the door of `doorEventId` judges a ticket on, but the scan: the ticket's facts and
 * whether `userId` may work the door of its own event, asked of the database only when
 * that is another event (of a ticket of an event whose door they may not work they learn
 * nothing).
 */
export async function ticketAtDoorOf(
  db: Executor,
  lookup: TicketLookup,
  doorEventId: string,
  userId: string,
): Promise<Omit<JudgeInput, "scan">> {
  const ticket = await readTicketFacts(db, lookup);
  const mayWorkTicketEvent =
    !ticket ||
    ticket.eventId === doorEventId ||
    Boolean(await eventRoleOf(db, userId, ticket.eventId));
  return { ticket, doorEventId, mayWorkTicketEvent };
}
