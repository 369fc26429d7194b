import { type SQL, sql } from "drizzle-orm";
import { type AnswerView, answerText } from "#contract/event-questions.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * One column of answers in the attendees CSV (decision 037): a question of the event
 * (`questionId`, headed by its current label, so answers given before a rewording stay
 * in it), or the label of a question since removed (`questionId` null: its answers keep
 * the label they were asked with, and the question id is gone).
 */
export type AnswerColumn = { header: string; questionId: string | null };

/** One answer as the attendee row reads it: the ticket's own and its booking's order answers. */
export type RowAnswer = Pick<AnswerView, "label" | "kind" | "value" | "ticketId"> & {
  questionId: string | null;
};

/**
 * The answer columns of an event's attendees CSV: its questions in position order, then
 * the labels answered to questions since removed (in the order they were asked), unless
 * a current question bears the same label, whose column then holds them too. Read again
 * for every batch (a query on the event's questions and its answers to removed ones), so
 * every batch of a download lays its cells out under the same head.
 */
export async function answerColumnsOf(db: Executor, eventId: string): Promise<AnswerColumn[]> {
  const current = await rowsOf<{ id: string; label: string }>(
    db,
    sql`select q.id, q.label from event_questions q where q.event_id = ${eventId}::uuid
      order by q.position, q.created_at, q.id`,
  );
  const removed = await rowsOf<{ label: string }>(
    db,
    sql`select a.label from booking_answers a join bookings b on b.id = a.booking_id
      where b.event_id = ${eventId}::uuid and a.question_id is null
      group by a.label order by min(a.position), a.label`,
  );
  const labels = new Set(current.map((q) => q.label));
  return [
    ...current.map((q) => ({ header: q.label, questionId: q.id })),
    ...removed
      .filter((a) => !labels.has(a.label))
      .map((a) => ({ header: a.label, questionId: null })),
  ];
}

/**
 * The answers of the ticket `k` and of its booking's order, as JSON (`RowAnswer[]`), for
 * the attendees batch: one index lookup per row (`booking_answers_booking`).
 */
export const rowAnswersSql: SQL = sql`coalesce((select json_agg(json_build_object(
    'questionId', a.question_id, 'label', a.label, 'kind', a.kind, 'value', a.value,
    'ticketId', a.ticket_id) order by a.position, a.created_at)
  from booking_answers a where a.booking_id = k.booking_id
    and (a.ticket_id = k.id or a.ticket_id is null)), '[]'::json)`;

/** The column's cell of a row: the ticket's answer before the order's, as people read it. */
function cellOf(column: AnswerColumn, answers: readonly RowAnswer[]): string | null {
  const fits = (a: RowAnswer) =>
    column.questionId === null
      ? a.questionId === null && a.label === column.header
      : a.questionId === column.questionId || (a.questionId === null && a.label === column.header);
  const answer = answers.find((a) => a.ticketId !== null && fits(a)) ?? answers.find(fits);
  return answer ? answerText(answer) : null;
}

/** A row's answer cells, one per column, from the `rowAnswersSql` value as read. */
export function answerCells(columns: readonly AnswerColumn[], value: unknown): (string | null)[] {
  if (columns.length === 0) return [];
  const answers = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as RowAnswer[];
  return columns.map((column) => cellOf(column, answers));
}
