import { type SQL, sql } from "drizzle-orm";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import type { AnswerView } from "#contract/event-questions.ts";
import { answersJson, answersOf } from "#server/modules/bookings/booking-answers.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * The answers the door shows with a ticket (decision 037): the ticket's own attendee
 * answers and its booking's order answers, never another ticket's. `ticket` is the SQL of
 * a row with the ticket's `id` and `booking_id` (not aliased `a`: the fragment's own).
 */
export function doorAnswersSql(ticket: string): SQL {
  return answersJson(
    sql.raw(`${ticket}.booking_id`),
    sql`(a.ticket_id = ${sql.raw(`${ticket}.id`)} or a.ticket_id is null)`,
  );
}

/**
 * The verdict with its ticket's answers: kept out of the verdict a scan stores. None
 * leaves the verdict as stored, so a ticket without answers reads the same online, on a
 * retry and in an offline upload's result.
 */
export function verdictWithAnswers(verdict: DoorVerdict, answers: AnswerView[]): DoorVerdict {
  if (!verdict.ticket || answers.length === 0) return verdict;
  return { ...verdict, ticket: { ...verdict.ticket, answers } };
}

/**
 * A verdict read or decided without its answers (the careful path, a retried scan's stored
 * verdict), given them: one indexed read, only when the verdict shows a ticket.
 */
export async function withDoorAnswers(db: Executor, verdict: DoorVerdict): Promise<DoorVerdict> {
  if (!verdict.ticket) return verdict;
  const [row] = await rowsOf<{ answers: unknown }>(
    db,
    sql`select ${doorAnswersSql("k")} as answers from tickets k
      where k.id = ${verdict.ticket.id}::uuid`,
  );
  return verdictWithAnswers(verdict, answersOf(row?.answers));
}
