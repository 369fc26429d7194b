import { sql } from "drizzle-orm";
import { clockTime } from "#contract/door-verdict.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { ticketCountsByType } from "./ticket-counts.ts";

/**
 * `checkin.stats`: guests in out of tickets that admit (valid or in), overall and by type;
 * the counts kept by type and status (`ticketCountsByType`), never the ticket rows.
 */
export async function doorStats(db: Executor, eventId: string) {
  const rows = await ticketCountsByType(db, sql`${eventId}::uuid`);
  const byType = rows.map((r) => ({
    ticketTypeId: r.id,
    name: r.name,
    in: r.checked_in,
    total: r.sold,
  }));
  return {
    in: byType.reduce((sum, t) => sum + t.in, 0),
    total: byType.reduce((sum, t) => sum + t.total, 0),
    byType,
  };
}

type RecentRow = {
  id: string;
  ticket_id: string;
  created_at: string | Date;
  staff_name: string;
  device_id: string;
  method: "scan" | "manual";
  undone_at: string | Date | null;
  undone_by_name: string | null;
  undo_reason: string | null;
  attendee_name: string;
  type_name: string;
  time_zone: string;
};

/** `checkin.recent`: the latest admissions at this event's door, undone ones marked. */
export async function recentCheckIns(db: Executor, eventId: string, limit = 20) {
  const rows = await rowsOf<RecentRow>(
    db,
    sql`select c.id, c.ticket_id, c.created_at, c.staff_name, c.device_id, c.method,
        c.undone_at, c.undone_by_name, c.undo_reason, k.attendee_name, t.name as type_name,
        e.time_zone
      from check_ins c join tickets k on k.id = c.ticket_id
        join ticket_types t on t.id = k.ticket_type_id join events e on e.id = c.event_id
      where c.event_id = ${eventId}::uuid
      order by c.created_at desc, c.id limit ${limit}`,
  );
  return {
    checkIns: rows.map((r) => ({
      id: r.id,
      ticketId: r.ticket_id,
      attendeeName: r.attendee_name,
      ticketTypeName: r.type_name,
      at: new Date(r.created_at).toISOString(),
      time: clockTime(r.created_at, r.time_zone),
      staffName: r.staff_name,
      deviceId: r.device_id,
      method: r.method,
      undone: r.undone_at ? { byName: r.undone_by_name ?? "", reason: r.undo_reason ?? "" } : null,
    })),
  };
}

/** The event a desk works at: what its header shows. */
export async function doorEvent(db: Executor, eventId: string) {
  const [row] = await rowsOf<{
    id: string;
    title: string;
    venue_name: string;
    starts_at: string | Date;
    time_zone: string;
  }>(
    db,
    sql`select id, title, venue_name, starts_at, time_zone from events where id = ${eventId}::uuid`,
  );
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    venueName: row.venue_name,
    startsAt: new Date(row.starts_at).toISOString(),
    timeZone: row.time_zone,
  };
}
