import { type SQL, sql } from "drizzle-orm";
import type { AnswerView } from "#contract/event-questions.ts";

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
