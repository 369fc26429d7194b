import { type SQL, sql } from "drizzle-orm";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { answersOf } from "#server/modules/bookings/booking-answers.ts";
import { doorAccessRows } from "#server/modules/teams/team-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { DEADLOCK, isUniqueViolation, sqlStateOf } from "#server/platform/db/db-errors.ts";
import { preparedRowsOf } from "#server/platform/db/db-rows.ts";
import { admissionSteps, type TicketTarget } from "./admit-statement.ts";
import { doorAnswersSql, verdictWithAnswers } from "./door-answers.ts";
import type { DoorAttempt } from "./door-attempt.ts";

/**
 * The common case at the door, one round trip: a new `scanId` naming a valid ticket,
 * scanned by someone who may work this door. One statement checks that (the rule of
 * `eventRoleOf`: the business's owner, or a member of a team assigned to the event), moves
 * the ticket to checked-in, writes the check-in and stores the scan's verdict; the caller
 * then tells the desks (door-announcements.ts, after the commit). The ticket's answers
 * (decision 037) come back beside the stored verdict, not in it.
 *
 * Null when it admitted nothing (the caller may not work this door, the ticket is in
 * already, of another event, unknown...)
 * or when a copy of the same scan raced it (the scan's primary key refused the second
 * claim, which rolled the whole statement back): the caller then takes the careful path
 * (`attemptAdmission`), which explains the refusal or answers the stored verdict.
 */
export async function admitInOneStatement(
  db: Executor,
  attempt: DoorAttempt,
  target: TicketTarget,
): Promise<DoorVerdict | null> {
  try {
    // Prepared: the statement's text depends only on the kind of target.
    const [row] = await preparedRowsOf<{ verdict: DoorVerdict | string; answers: unknown }>(
      db,
      `checkin-admit-${target.kind}`,
      admissionSql(attempt, target),
    );
    if (!row) return null;
    const verdict =
      typeof row.verdict === "string" ? (JSON.parse(row.verdict) as DoorVerdict) : row.verdict;
    return verdictWithAnswers(verdict, answersOf(row.answers));
  } catch (error) {
    // A copy of this scan claimed it first, or crossed it on the ticket's row: nothing of
    // this statement was kept; the careful path answers.
    if (isUniqueViolation(error) || sqlStateOf(error) === DEADLOCK) return null;
    throw error;
  }
}

/** The statement of `admitInOneStatement`. */
export function admissionSql(attempt: DoorAttempt, target: TicketTarget): SQL {
  const steps = admissionSteps(
    { ...attempt, target },
    mayWorkDoor(attempt.staffUserId, attempt.eventId),
  );
  return sql`with ${steps}, decided as (
      select w.id as check_in_id, jsonb_build_object(
        'verdict', 'admitted',
        'message', 'Admitted.',
        'ticket', jsonb_build_object(
          'id', a.id, 'attendeeName', a.attendee_name, 'ticketTypeName', t.name),
        'event', jsonb_build_object('id', ${attempt.eventId}::text, 'title', e.title),
        'checkIn', jsonb_build_object(
          'id', w.id,
          'at', to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'time', to_char(w.created_at at time zone e.time_zone, 'HH24:MI'),
          'staffName', w.staff_name,
          'deviceId', ${attempt.deviceId}::text)
      ) as verdict
      from written w join admitted a on a.id = w.ticket_id
        join ticket_types t on t.id = a.ticket_type_id
        join events e on e.id = ${attempt.eventId}::uuid
    ), claimed as (
      insert into check_in_scans (user_id, scan_id, event_id, verdict)
      select ${attempt.staffUserId}::uuid, ${attempt.scanId}, ${attempt.eventId}::uuid, d.verdict
      from decided d
      returning verdict
    )
    select c.verdict, ${doorAnswersSql("x")} as answers from claimed c cross join admitted x`;
}

/** The door rule (`doorAccessRows`, beside `eventRoleOf` in teams/team-access.ts), as a condition. */
function mayWorkDoor(userId: string, eventId: string) {
  return sql`exists (select 1 from ${doorAccessRows(userId, eventId)} d)`;
}
