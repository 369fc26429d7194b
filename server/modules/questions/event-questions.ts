import { asc, eq } from "drizzle-orm";
import type { EventQuestion } from "#contract/event-questions.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { eventQuestions } from "./questions.schema.ts";

type QuestionRow = typeof eventQuestions.$inferSelect;

/** A stored question as the contract shows it. */
export function questionOf(row: QuestionRow): EventQuestion {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    options: row.options,
    required: row.required,
    scope: row.scope,
    ticketTypeIds: row.ticketTypeIds,
    position: row.position,
  };
}

/** An event's questions in the order they are asked. */
export async function loadEventQuestions(db: Executor, eventId: string): Promise<EventQuestion[]> {
  const rows = await db
    .select()
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, eventId))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.createdAt));
  return rows.map(questionOf);
}
