import { sql } from "drizzle-orm";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * Refuses a ticket type id that is not one of the event's, naming the field
 * (`ticketTypeIds.{i}`): for what the organiser limits to some types (codes, questions).
 */
export async function checkEventTicketTypeIds(
  db: Executor,
  eventId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from ticket_types where event_id = ${eventId}
      and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  const known = new Set(rows.map((row) => row.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw fieldError(`ticketTypeIds.${index}`, "Choose a ticket type of this event.");
}
