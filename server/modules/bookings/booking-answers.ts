import { type SQL, sql } from "drizzle-orm";
import type { AnswerView } from "#contract/event-questions.ts";
import type { AnswerRow } from "#server/modules/questions/check-answers.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { bookingAnswers } from "./bookings.schema.ts";

/**
 * Writes a booking's answers in its transaction: the order's with no ticket, each
 * attendee's on the ticket issued for that attendee (`ticketIds`, the attendees' order).
 */
export async function insertAnswers(
  tx: Executor,
  bookingId: string,
  ticketIds: readonly string[],
  answers: readonly AnswerRow[],
): Promise<void> {
  if (answers.length === 0) return;
  await tx.insert(bookingAnswers).values(
    answers.map((answer) => {
      const ticketId = answer.attendeeIndex === null ? null : ticketIds[answer.attendeeIndex];
      if (ticketId === undefined) throw new Error("an answer for a ticket not issued");
      return {
        bookingId,
        ticketId,
        questionId: answer.questionId,
        label: answer.label,
        kind: answer.kind,
        value: answer.value,
        position: answer.position,
      };
    }),
  );
}

/**
 * A deleted account's answers go with it (decision 037, an account-deletion step): those
 * of its bookings, the order's and every ticket's, whoever holds the ticket now (the
 * buyer gave them). Its bookings themselves are kept, anonymised, for the organiser.
 */
export async function eraseAnswersOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(
    sql`delete from booking_answers where booking_id in
      (select id from bookings where user_id = ${userId}::uuid)`,
  );
}

/**
 * A booking's answers (decision 037) as one JSON array of `AnswerView`, the order's and
 * each ticket's in the order they were asked: a fragment for the statements that read a
 * booking (its view, the organiser's order, the door). `where` narrows it (on `a`), e.g.
 * to one ticket's and the order's.
 */
export function answersJson(bookingId: SQL, where: SQL = sql`true`): SQL {
  return sql`coalesce((select json_agg(json_build_object('label', a.label, 'kind', a.kind,
      'value', a.value, 'ticketId', a.ticket_id) order by a.position, a.created_at)
    from booking_answers a where a.booking_id = ${bookingId} and ${where}), '[]'::json)`;
}

/** The fragment's value as read (JSON text on some drivers). */
export function answersOf(column: unknown): AnswerView[] {
  if (column === null || column === undefined) return [];
  return (typeof column === "string" ? JSON.parse(column) : column) as AnswerView[];
}
