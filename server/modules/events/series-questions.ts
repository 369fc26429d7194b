import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";

/** A date copied from a source event: its id, and its copy of each source ticket type. */
export type CopiedDate = { eventId: string; typeIds: Record<string, string> };

/**
 * Copies the source event's checkout questions (decision 037) to each copied date, in one
 * insert whatever their number: every field, in the same positions, each question's
 * ticket types mapped to the date's copies of them. A question asked only of types the
 * source no longer has asks nobody there, and is not copied (an empty list would ask
 * every type). `event_questions` is the questions module's, read and written here by
 * table name: the questions module imports events, not the reverse.
 */
export async function copyQuestions(
  tx: Executor,
  sourceEventId: string,
  dates: readonly CopiedDate[],
): Promise<void> {
  if (dates.length === 0) return;
  const mapping = JSON.stringify(dates.map((d) => ({ event_id: d.eventId, types: d.typeIds })));
  await tx.execute(sql`insert into event_questions (event_id, label, kind, options, required,
      scope, ticket_type_ids, position)
    select d.event_id, q.label, q.kind, q.options, q.required, q.scope,
      array(select (d.types ->> t.id::text)::uuid
        from unnest(q.ticket_type_ids) with ordinality as t(id, n)
        where d.types ? t.id::text order by t.n),
      q.position
    from event_questions q
      cross join jsonb_to_recordset(${mapping}::jsonb) as d(event_id uuid, types jsonb)
    where q.event_id = ${sourceEventId}::uuid
      and (cardinality(q.ticket_type_ids) = 0
        or exists (select 1 from unnest(q.ticket_type_ids) t(id) where d.types ? t.id::text))
    order by d.event_id, q.position, q.created_at`);
}
