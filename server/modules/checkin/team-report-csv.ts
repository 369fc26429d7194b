import { type SQL, sql } from "drizzle-orm";
import type { CsvExportBatch } from "#contract/csv-export.ts";
import { csvHead, csvLine } from "#server/platform/csv/csv.ts";
import { csvFilename } from "#server/platform/csv/csv-filename.ts";
import {
  decodeExportCursor,
  EXPORT_BATCH_ROWS,
  encodeExportCursor,
  exportTimeSql,
} from "#server/platform/csv/export-cursor.ts";
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

/** Where a batch stops: the event, then the row's time and id within it. */
type Position = { eventId: string; at: string; id: string };

/**
 * `checkin.reportCsv`: one batch of the team's check-ins CSV, one row per check-in at the
 * team's events, undone ones included (marked, with who undid them and why), times as
 * wall time in the event's zone. The holder is the name on the ticket; the manual code is
 * left out (it admits the ticket). An offline device's admission says so in "Kind"
 * (`scan (offline)`), and an offline entry that could not stand (decision 030) is a row
 * of its own, `conflict: already-in` (or `cancelled`, `given-away`), at the device's
 * time, "Undone" left empty. Rows in the order event start, event, time, id; keyset
 * paged by the event and (time, id) within it, so each batch is a short index range
 * whatever the file's size. Null: no such team.
 */
export async function teamReportCsvBatch(
  db: Executor,
  teamId: string,
  cursor: string | undefined,
  now: Date,
): Promise<CsvExportBatch | null> {
  const [team] = await rowsOf<{ name: string }>(
    db,
    sql`select name from teams where id = ${teamId}::uuid`,
  );
  if (!team) return null;
  const after = cursor ? positionOf(cursor) : null;
  const lines: string[] = [];
  let last: Position | null = null;
  for (const eventId of await eventsFrom(db, teamId, after)) {
    const from = after?.eventId === eventId ? after : null;
    const rows = await eventRows(db, eventId, from, EXPORT_BATCH_ROWS - lines.length);
    for (const row of rows) lines.push(csvLine(cellsOf(row)));
    const end = rows.at(-1);
    if (end) last = { eventId, at: end.cursor_at, id: end.id };
    if (lines.length === EXPORT_BATCH_ROWS) break;
  }
  return {
    filename: reportFilename(team.name, now),
    head: after ? null : csvHead(reportCsvHeader),
    lines: lines.join(""),
    rows: lines.length,
    nextCursor:
      lines.length === EXPORT_BATCH_ROWS && last
        ? encodeExportCursor(last.eventId, last.at, last.id)
        : null,
  };
}

function positionOf(cursor: string): Position {
  const [eventId = "", at = "", id = ""] = decodeExportCursor(cursor, ["id", "time", "id"]);
  return { eventId, at, id };
}

/**
 * The team's events in the file's order, from the cursor's event on (an event the team no
 * longer has ends the file: nothing to compare with). All of them, rows or not: asking an
 * empty event is one short index probe, where an `exists` filter here could be planned as
 * a scan of every event's check-ins.
 */
async function eventsFrom(db: Executor, teamId: string, after: Position | null) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select e.id from team_events te join events e on e.id = te.event_id
      where te.team_id = ${teamId}::uuid
        ${after ? sql`and (e.starts_at, e.id) >= (select starts_at, id from events where id = ${after.eventId}::uuid)` : sql``}
      order by e.starts_at, e.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Up to `limit` rows of one event after `from`: its check-ins and its conflicts, each
 * branch a range of its (event_id, time, id) index, merged by (time, id).
 */
async function eventRows(db: Executor, eventId: string, from: Position | null, limit: number) {
  const after = (time: string) =>
    from ? sql`and (${sql.raw(time)}, id) > (${from.at}::timestamptz, ${from.id}::uuid)` : sql``;
  return rowsOf<CheckInRow & { id: string; cursor_at: string }>(
    db,
    sql`select c.id, ${sql.raw(exportTimeSql("c.at"))} as cursor_at, e.title as event,
        to_char(e.starts_at at time zone e.time_zone, 'YYYY-MM-DD HH24:MI') as event_starts,
        c.ticket_id, b.reference, t.name as type_name, k.attendee_name as holder,
        ${wallTime(sql`c.at`)} as checked_in_at, e.time_zone, c.staff_name,
        c.device_id, c.kind, ${wallTime(sql`c.undone_at`)} as undone_at,
        c.undone_by_name, c.undo_reason
      from (
          (select id, ticket_id, created_at as at, staff_name, device_id,
            method || case when offline then ' (offline)' else '' end as kind,
            undone_at, undone_by_name, undo_reason
          from check_ins where event_id = ${eventId}::uuid ${after("created_at")}
          order by created_at, id limit ${limit})
          union all
          (select id, ticket_id, admitted_at, staff_name, device_id,
            'conflict: ' || reason, null, null, null
          from check_in_conflicts where event_id = ${eventId}::uuid ${after("admitted_at")}
          order by admitted_at, id limit ${limit})
        ) c
        join events e on e.id = ${eventId}::uuid
        join tickets k on k.id = c.ticket_id
        join ticket_types t on t.id = k.ticket_type_id
        join bookings b on b.id = k.booking_id
      order by c.at, c.id limit ${limit}`,
  );
}

const cellsOf = (r: CheckInRow) => [
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
];

/** "yes" or "no"; empty for a conflict, which nobody undoes. */
function undoneCell(row: CheckInRow): string {
  if (row.kind.startsWith("conflict")) return "";
  return row.undone_at ? "yes" : "no";
}

/** `check-ins-{team name as ASCII}-{YYYY-MM-DD}.csv`: safe in a Content-Disposition header. */
export const reportFilename = (teamName: string, now: Date) =>
  csvFilename("check-ins", teamName, "team", now);
