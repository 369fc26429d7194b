import { sql } from "drizzle-orm";
import type { EventQuestionsView } from "#contract/event-questions.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { loadEventQuestions } from "./event-questions.ts";

/** The organiser's view of an event they own, its questions read on `db` (the caller's handle). */
export async function viewOfEvent(
  db: Executor,
  event: { id: string; shortId: string; title: string },
): Promise<EventQuestionsView> {
  // One after the other: `db` may be a transaction (a move answers with the view).
  const types = await rowsOf<{ id: string; name: string; hidden: boolean }>(
    db,
    sql`select id, name, hidden from ticket_types
      where event_id = ${event.id} order by position, created_at`,
  );
  const questions = await loadEventQuestions(db, event.id);
  return {
    eventId: event.id,
    shortId: event.shortId,
    title: event.title,
    ticketTypes: types.map((type) => ({ id: type.id, name: type.name, hidden: type.hidden })),
    questions,
  };
}

/**
 * An event's questions for its owner (`questions.forEvent`; NOT_FOUND "Event not found."
 * for anyone else): its ticket types (hidden ones too) and its questions in order.
 */
export async function eventQuestionsView(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<EventQuestionsView> {
  const { event } = await requireOwnedEvent(db, userId, eventId);
  return viewOfEvent(db, event);
}
