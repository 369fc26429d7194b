import { and, eq, sql } from "drizzle-orm";
import {
  type EventQuestion,
  type EventQuestionsView,
  MAX_QUESTIONS,
} from "#contract/event-questions.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { checkEventTicketTypeIds } from "#server/modules/events/event-ticket-type-ids.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { loadEventQuestions, questionOf } from "./event-questions.ts";
import type { SaveQuestionInput } from "./question-input.ts";
import { eventQuestions } from "./questions.schema.ts";
import { viewOfEvent } from "./questions-view.ts";

const questionNotFound = () => new FunctionError("NOT_FOUND", "Question not found.");

/**
 * Creates (no `id`, at the end) or changes (same position) one of the caller's event's
 * questions (`questions.save`). The event row is locked while a question is added, so two
 * organisers adding at once cannot pass the 30 questions limit nor share a position.
 * Answers already given keep the label and kind they were given under (booking_answers).
 */
export async function saveQuestion(
  db: Database,
  userId: string,
  input: SaveQuestionInput,
): Promise<EventQuestion> {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: !input.id });
    await checkEventTicketTypeIds(tx, event.id, input.ticketTypeIds);
    const fields = {
      label: input.label,
      kind: input.kind,
      options: input.options,
      required: input.required,
      scope: input.scope,
      ticketTypeIds: input.ticketTypeIds,
    };
    if (input.id) {
      const [row] = await tx
        .update(eventQuestions)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(eventQuestions.id, input.id), eq(eventQuestions.eventId, event.id)))
        .returning();
      if (!row) throw questionNotFound();
      return questionOf(row);
    }
    const [count] = await rowsOf<{ n: number; next: number }>(
      tx,
      sql`select count(*)::int as n, coalesce(max(position) + 1, 0)::int as next
        from event_questions where event_id = ${event.id}`,
    );
    if (Number(count?.n) >= MAX_QUESTIONS) {
      throw fieldError("label", `An event asks at most ${MAX_QUESTIONS} questions.`);
    }
    const [row] = await tx
      .insert(eventQuestions)
      .values({ ...fields, eventId: event.id, position: Number(count?.next ?? 0) })
      .returning();
    if (!row) throw new Error("question not inserted");
    return questionOf(row);
  });
}

/**
 * Removes a question (`questions.remove`). Answers already given stay on their bookings
 * with the label they were asked under (`booking_answers.question_id` becomes null).
 */
export async function removeQuestion(
  db: Database,
  userId: string,
  input: { eventId: string; id: string },
): Promise<{ removed: true }> {
  const { event } = await requireOwnedEvent(db, userId, input.eventId);
  const removed = await db
    .delete(eventQuestions)
    .where(and(eq(eventQuestions.id, input.id), eq(eventQuestions.eventId, event.id)))
    .returning({ id: eventQuestions.id });
  if (removed.length === 0) throw questionNotFound();
  return { removed: true };
}

/**
 * Moves a question one place up or down (`questions.move`); at either end it stays. The
 * positions are written again 0, 1, 2… under the event's lock, so two moves at once keep
 * one order with no ties.
 */
export async function moveQuestion(
  db: Database,
  userId: string,
  input: { eventId: string; id: string; direction: "up" | "down" },
): Promise<EventQuestionsView> {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    const ids = (await loadEventQuestions(tx, event.id)).map((question) => question.id);
    const from = ids.indexOf(input.id);
    if (from < 0) throw questionNotFound();
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ids.length) {
      [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
      await tx.execute(
        sql`update event_questions q set position = o.position - 1, updated_at = now()
          from unnest(${sql`array[${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}]`}) with ordinality as o(id, position)
          where q.id = o.id and q.event_id = ${event.id} and q.position <> o.position - 1`,
      );
    }
    return viewOfEvent(tx, event);
  });
}
