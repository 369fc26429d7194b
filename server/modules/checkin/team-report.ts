import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { checkInBuckets } from "./report-buckets.ts";
import { ticketCountsByType } from "./ticket-counts.ts";

type EventRow = {
  id: string;
  title: string;
  venue_name: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  status: string;
};
type StaffRow = { event_id: string; name: string; scans: number; manual: number };
type QuarterRow = { event_id: string; start: string; count: number };
type UndoneRow = { event_id: string; undone: number };
type ConflictRow = { event_id: string; conflicts: number };

/** The team and its business, or null (the registry has already checked the caller). */
async function teamOf(db: Executor, teamId: string) {
  const [row] = await rowsOf<{ id: string; name: string; business_id: string; business: string }>(
    db,
    sql`select t.id, t.name, b.id as business_id, b.name as business
      from teams t join businesses b on b.id = t.business_id where t.id = ${teamId}::uuid`,
  );
  return row ?? null;
}

/**
 * The team's events: those under way or over, latest first, then those to come, soonest
 * first (the door's current night leads on a phone).
 */
async function eventsOf(db: Executor, teamId: string) {
  return rowsOf<EventRow>(
    db,
    sql`select e.id, e.title, e.venue_name, e.starts_at, e.ends_at, e.time_zone, e.status
      from team_events te join events e on e.id = te.event_id
      where te.team_id = ${teamId}::uuid
      order by (e.starts_at > now()),
        case when e.starts_at <= now() then e.starts_at end desc, e.starts_at, e.id`,
  );
}

type IdList = ReturnType<typeof sql.join>;

/** Served by the index `check_ins_live_staff` (staff, name and method are in it). */
const staffSql = (ids: IdList) =>
  sql`select c.event_id, c.staff_name as name,
      count(*) filter (where c.method = 'scan')::int as scans,
      count(*) filter (where c.method = 'manual')::int as manual
    from check_ins c
    where c.event_id in (${ids}) and c.undone_at is null
    group by c.event_id, c.staff_user_id, c.staff_name
    order by count(*) desc, c.staff_name`;

/**
 * Quarter hours of the event's wall time. Every zone's offset is whole quarters and
 * changes only at a quarter's start, so each quarter of absolute time is one quarter of
 * the wall clock: the check-ins are binned by absolute time straight from the index
 * `check_ins_live_time` (cheap per row), and only the few bins are turned into wall time and
 * summed again (the hour repeated when clocks go back is one wall quarter, as before).
 */
const quartersSql = (ids: IdList) =>
  sql`select q.event_id,
      to_char(q.quarter at time zone e.time_zone, 'YYYY-MM-DD"T"HH24:MI') as start,
      sum(q.count)::int as count
    from (
      select c.event_id, count(*) as count,
        date_bin('15 minutes', c.created_at, timestamptz '2000-01-01 00:00:00+00') as quarter
      from check_ins c
      where c.event_id in (${ids}) and c.undone_at is null
      group by c.event_id, quarter
    ) q join events e on e.id = q.event_id
    group by 1, 2 order by 2`;

/** Served by the small index `check_ins_undone`. */
const undoneSql = (ids: IdList) =>
  sql`select event_id, count(*)::int as undone from check_ins
    where event_id in (${ids}) and undone_at is not null group by event_id`;

/** Offline admissions that could not stand (decision 030): double entries and the like. */
const conflictsSql = (ids: IdList) =>
  sql`select event_id, count(*)::int as conflicts from check_in_conflicts
    where event_id in (${ids}) group by event_id`;

/**
 * `checkin.report`: per event the team works at, tickets sold (not cancelled), checked
 * in (live check-ins: an undone one does not count) and not yet in (sold, not checked in:
 * guests still expected, not unsold capacity);
 * check-ins over time in the event's wall time; by ticket type; by staff member as
 * recorded at the door; conflicts of offline devices (entries that could not stand). Five
 * grouped statements cover all the team's events: the ticket counts from
 * `ticket_status_counts` (never the ticket rows), the check-ins from partial indexes of
 * live or undone ones, so the report stays fast at 100,000 tickets (issue 27).
 */
export async function teamReport(db: Executor, teamId: string) {
  const team = await teamOf(db, teamId);
  if (!team) return null;
  const events = await eventsOf(db, teamId);
  const ids = events.map((e) => e.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const none = ids.length === 0;
  // One after another: `db` may be a transaction's single connection.
  const types = none ? [] : await ticketCountsByType(db, idList);
  const staff = none ? [] : await rowsOf<StaffRow>(db, staffSql(idList));
  const quarters = none ? [] : await rowsOf<QuarterRow>(db, quartersSql(idList));
  const undone = none ? [] : await rowsOf<UndoneRow>(db, undoneSql(idList));
  const conflicts = none ? [] : await rowsOf<ConflictRow>(db, conflictsSql(idList));
  const of = <T extends { event_id: string }>(rows: T[], eventId: string) =>
    rows.filter((r) => r.event_id === eventId);
  return {
    team: { id: team.id, name: team.name },
    business: { id: team.business_id, name: team.business },
    events: events.map((event) => {
      const byType = of(types, event.id).map((t) => ({
        name: t.name,
        sold: Number(t.sold),
        checkedIn: Number(t.checked_in),
        notYetIn: Number(t.sold) - Number(t.checked_in),
      }));
      const sold = byType.reduce((sum, t) => sum + t.sold, 0);
      const checkedIn = byType.reduce((sum, t) => sum + t.checkedIn, 0);
      const overTime = checkInBuckets(
        of(quarters, event.id).map((q) => ({ start: q.start, count: Number(q.count) })),
      );
      return {
        id: event.id,
        title: event.title,
        venueName: event.venue_name,
        startsAt: new Date(event.starts_at).toISOString(),
        endsAt: new Date(event.ends_at).toISOString(),
        timeZone: event.time_zone,
        status: event.status,
        sold,
        checkedIn,
        notYetIn: sold - checkedIn,
        undone: Number(of(undone, event.id)[0]?.undone ?? 0),
        conflicts: Number(of(conflicts, event.id)[0]?.conflicts ?? 0),
        bucketMinutes: overTime.minutes,
        overTime: overTime.buckets,
        byType,
        byStaff: of(staff, event.id).map((s) => ({
          name: s.name,
          checkIns: Number(s.scans) + Number(s.manual),
          scans: Number(s.scans),
          manual: Number(s.manual),
        })),
      };
    }),
  };
}

export type TeamReport = NonNullable<Awaited<ReturnType<typeof teamReport>>>;
