import { sql } from "drizzle-orm";
import { eventRoleOf } from "#server/modules/teams/team-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { TicketTarget } from "./admit-statement.ts";
import {
  alreadyMessage,
  clockTime,
  type DoorVerdict,
  invalidVerdict,
  notForThisEventVerdict,
} from "./door-verdict.ts";

type Row = {
  id: string;
  event_id: string;
  short_id: string;
  title: string;
  time_zone: string;
  status: string;
  generation: number;
  attendee_name: string;
  type_name: string;
  check_in_id: string | null;
  checked_in_at: string | Date | null;
  staff_name: string | null;
  device_id: string | null;
};

/**
 * Why a ticket was not admitted, read after the admitting statement matched nothing:
 * unknown, another event, an old generation (given away), cancelled, or already in (with
 * when, by whom, on which device). Null when the ticket is valid after all (an undo in
 * between): the caller tries the admission again. `staffUserId`: who asks, at the door of
 * `eventId`; of a ticket of an event whose door they may not work they learn nothing.
 */
export async function verdictWithoutAdmission(
  tx: Executor,
  target: TicketTarget,
  eventId: string,
  staffUserId: string,
): Promise<DoorVerdict | null> {
  const where =
    target.kind === "code"
      ? sql`k.event_id = ${eventId}::uuid and k.manual_code = ${target.manualCode}`
      : sql`k.id = ${target.ticketId}::uuid`;
  const [row] = await rowsOf<Row>(
    tx,
    sql`select k.id, k.event_id, e.short_id, e.title, e.time_zone, k.status, k.generation,
        k.attendee_name, t.name as type_name, c.id as check_in_id,
        c.created_at as checked_in_at, c.staff_name, c.device_id
      from tickets k join events e on e.id = k.event_id
        join ticket_types t on t.id = k.ticket_type_id
        left join check_ins c on c.ticket_id = k.id and c.undone_at is null
      where ${where}`,
  );
  if (!row) return invalidVerdict("unknown");
  // A signed token naming a ticket of another event short id: not one we issued as such.
  if (target.kind === "token" && row.short_id !== target.eventShortId) {
    return invalidVerdict("unknown");
  }
  const givenAway = target.kind === "token" && Number(row.generation) !== target.generation;
  if (row.event_id !== eventId) {
    // Anyone can open a business and know a ticket id: a door that may not work the
    // ticket's own event learns neither its holder nor its event. An old QR of a ticket
    // passed on names nobody away from its event's door, its own staff included.
    if (!(await eventRoleOf(tx, staffUserId, row.event_id))) return notForThisEventVerdict();
    if (givenAway) return invalidVerdict("given-away");
    return {
      verdict: "wrong-event",
      message: `Wrong event: this ticket is for ${row.title}.`,
      ticket: ticketOf(row),
      event: { id: row.event_id, title: row.title },
      checkIn: null,
    };
  }
  if (givenAway) return invalidVerdict("given-away");
  const ticket = ticketOf(row);
  const event = { id: row.event_id, title: row.title };
  if (row.status === "cancelled") {
    return {
      verdict: "cancelled",
      message: "This ticket was cancelled.",
      ticket,
      event,
      checkIn: null,
    };
  }
  if (row.status === "checked-in" && row.check_in_id && row.checked_in_at) {
    const checkIn = {
      id: row.check_in_id,
      at: new Date(row.checked_in_at).toISOString(),
      time: clockTime(row.checked_in_at, row.time_zone),
      staffName: row.staff_name ?? "Door staff",
      deviceId: row.device_id ?? "",
    };
    return {
      verdict: "already-checked-in",
      message: alreadyMessage(checkIn),
      ticket,
      event,
      checkIn,
    };
  }
  return null;
}

function ticketOf(row: Row): NonNullable<DoorVerdict["ticket"]> {
  return { id: row.id, attendeeName: row.attendee_name, ticketTypeName: row.type_name };
}
