import { sql } from "drizzle-orm";
import { alreadyMessage } from "#contract/door-verdict.ts";
import { FORMER_MEMBER } from "#server/modules/tickets/tickets-of-deleted-account.ts";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * Check-ins are kept for the organizers' records, anonymised (the privacy policy): in the
 * deletion's transaction, before the account leaves its teams, the name it left at the
 * door as staff (admitted by, undone by) and the names in the verdicts stored for retried
 * scans give way to `FORMER_MEMBER`, and so does its name on offline admissions that could
 * not stand (`check_in_conflicts`). The guest's own name on its tickets goes with the
 * tickets (tickets/names-of-deleted-account.ts); its stored verdicts are cleaned here.
 */
export async function eraseCheckInNamesOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(
    sql`update check_ins set staff_name = ${FORMER_MEMBER} where staff_user_id = ${userId}::uuid`,
  );
  await tx.execute(
    sql`update check_in_conflicts set staff_name = ${FORMER_MEMBER}
      where staff_user_id = ${userId}::uuid`,
  );
  // Who undid a check-in is kept by name only: theirs at the events they could undo at.
  await tx.execute(
    sql`update check_ins c set undone_by_name = ${FORMER_MEMBER}
      from users u
      where u.id = ${userId}::uuid and c.undone_by_name = u.name and c.event_id in (
        select te.event_id from team_events te join team_members m on m.team_id = te.team_id
        where m.user_id = ${userId}::uuid and m.role = 'coordinator'
        union select e.id from events e join businesses b on b.id = e.business_id
        where b.owner_id = ${userId}::uuid)`,
  );
  // An online scan stored its verdict; an offline upload its result, the verdict inside.
  for (const at of [[], ["verdict"]]) {
    await eraseStoredVerdictNames(tx, userId, at);
  }
}

/**
 * What an already-checked-in verdict says once its staff member is gone: `alreadyMessage`
 * with placeholders for the time and device that SQL fills from the stored check-in.
 */
const formerMemberMessage = alreadyMessage({
  id: "",
  at: "",
  time: "{time}",
  staffName: FORMER_MEMBER,
  deviceId: "{device}",
});

/**
 * The names in stored verdicts at `at` inside the stored JSON (the top for an online
 * scan's verdict, `verdict` inside an offline upload's result): the holder's attendee
 * name, and the staff member's name (in the check-in and in the already-checked-in
 * message). `at` and the paths are constants of this file, never input.
 */
async function eraseStoredVerdictNames(tx: Executor, userId: string, at: string[]) {
  const path = (field: string) => `{${[...at, ...field.split(".")].join(",")}}`;
  const value = (field: string) => sql.raw(`verdict #> '${path(field)}'`);
  await tx.execute(
    sql`update check_in_scans set verdict = jsonb_set(verdict, ${path("ticket.attendeeName")}::text[], to_jsonb(${FORMER_MEMBER}::text))
      where jsonb_typeof(${value("ticket")}) = 'object' and (${value("ticket.id")} #>> '{}')::uuid in (
        select id from tickets where holder_user_id = ${userId}::uuid)`,
  );
  const renamed = sql`jsonb_set(verdict, ${path("checkIn.staffName")}::text[], to_jsonb(${FORMER_MEMBER}::text))`;
  const message = sql`replace(replace(${formerMemberMessage}::text,
      '{time}', ${value("checkIn.time")} #>> '{}'), '{device}', ${value("checkIn.deviceId")} #>> '{}')`;
  await tx.execute(
    sql`update check_in_scans set verdict = case
        when ${value("verdict")} #>> '{}' = 'already-checked-in'
          then jsonb_set(${renamed}, ${path("message")}::text[], to_jsonb(${message}))
        else ${renamed} end
      where jsonb_typeof(${value("checkIn")}) = 'object' and (${value("checkIn.id")} #>> '{}')::uuid in (
        select id from check_ins where staff_user_id = ${userId}::uuid)`,
  );
}
