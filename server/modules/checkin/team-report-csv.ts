import { type SQL, sql } from "drizzle-orm";
import { csvDocument } from "#server/platform/csv/csv.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

type CheckInRow = {
  event: string;
  event_starts: string;
  ticket_id: string;
  reference: string;
  type_name: string;
  holder: string;
  checked_in_at: string;
  time_zone: string;
  staff_name: string;
  device_id: string;
  /** `scan`, `manual`, either with ` (offline)`, or `conflict: {reason}` (decision 030). */
  kind: string;
  /** Null for a conflict (nothing to undo). */
  undone_at: string | null;
  undone_by_name: string | null;
  undo_reason: string | null;
};

/** The export's columns, in order (decision 022). */
export const reportCsvHeader = [
  "Event",
  "Event starts",
  "Ticket",
  "Booking reference",
  "Ticket type",
  "Holder",
  "Checked in at",
  "Time zone",
  "Staff",
  "Device",
  "Kind",
  "Undone",
  "Undone at",
  "Undone by",
  "Undo reason",
] as const;

/** Wall time in the event's zone, to the second (`YYYY-MM-DD HH:MM:SS`). */
const wallTime = (column: SQL) =>
  sql`to_char(${column} at time zone e.time_zone, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * `checkin.reportCsv`: one row per check-in at the team's events, undone ones included
 * (marked, with who undid them and why), times as wall time in the event's zone. The
 * holder is the name on the ticket; the manual code is left out (it admits the ticket).
 * An offline device's admission says so in "Kind" (`scan (offline)`), and an offline
 * entry that could not stand (decision 030) is a row of its own, `conflict: already-in`
 * (or `cancelled`, `given-away`), at the device's time, "Undone" left empty.
 */
export async function teamReportCsv(db: Executor, teamId: string, now: Date) {
  const [team] = await rowsOf<{ name: string }>(
    db,
    sql`select name from teams where id = ${teamId}::uuid`,
  );
  if (!team) return null;
  const rows = await rowsOf<CheckInRow>(
    db,
    sql`select e.title as event,
        to_char(e.starts_at at time zone e.time_zone, 'YYYY-MM-DD HH24:MI') as event_starts,
        c.ticket_id, b.reference, t.name as type_name, k.attendee_name as holder,
        ${wallTime(sql`c.at`)} as checked_in_at, e.time_zone, c.staff_name,
        c.device_id, c.kind, ${wallTime(sql`c.undone_at`)} as undone_at,
        c.undone_by_name, c.undo_reason
      from team_events te join events e on e.id = te.event_id
        join (
          select id, event_id, ticket_id, created_at as at, staff_name, device_id,
            method || case when offline then ' (offline)' else '' end as kind,
            undone_at, undone_by_name, undo_reason
          from check_ins
          union all
          select id, event_id, ticket_id, admitted_at, staff_name, device_id,
            'conflict: ' || reason, null, null, null
          from check_in_conflicts
        ) c on c.event_id = e.id
        join tickets k on k.id = c.ticket_id
        join ticket_types t on t.id = k.ticket_type_id
        join bookings b on b.id = k.booking_id
      where te.team_id = ${teamId}::uuid
      order by e.starts_at, e.id, c.at, c.id`,
  );
  const csv = csvDocument(
    reportCsvHeader,
    rows.map((r) => [
      r.event,
      r.event_starts,
      r.ticket_id,
      r.reference,
      r.type_name,
      r.holder,
      r.checked_in_at,
      r.time_zone,
      r.staff_name,
      r.device_id,
      r.kind,
      undoneCell(r),
      r.undone_at,
      r.undone_by_name,
      r.undo_reason,
    ]),
  );
  return { filename: reportFilename(team.name, now), csv, rows: rows.length };
}

/** "yes" or "no"; empty for a conflict, which nobody undoes. */
function undoneCell(row: CheckInRow): string {
  if (row.kind.startsWith("conflict")) return "";
  return row.undone_at ? "yes" : "no";
}

/** `check-ins-{team name as ASCII}-{YYYY-MM-DD}.csv`: safe in a Content-Disposition header. */
export function reportFilename(teamName: string, now: Date): string {
  const slug = teamName
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40);
  return `check-ins-${slug || "team"}-${now.toISOString().slice(0, 10)}.csv`;
}
