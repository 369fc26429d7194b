import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * How many tickets of one event (by short id) the user holds, valid or already used at the
 * door (the event page's "You have 2 tickets"), with the event's id for the link to them;
 * null for an unknown event. By the holder index, the event's rows only.
 */
export async function ticketsHeldAt(
  db: Executor,
  userId: string,
  eventShortId: string,
): Promise<{ eventId: string; count: number } | null> {
  const [row] = await rowsOf<{ id: string; held: number }>(
    db,
    sql`select e.id, (select count(*)::int from tickets k
        where k.holder_user_id = ${userId}::uuid and k.event_id = e.id
          and k.status in ('valid', 'checked-in')) as held
    from events e where e.short_id = ${eventShortId}`,
  );
  return row ? { eventId: row.id, count: row.held } : null;
}
