import { sql } from "drizzle-orm";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type EndedRow, endedEntryOf, type NoticeDeps, tellClosed } from "./offer-notices.ts";

type ClosedRow = EndedRow & { event_over: boolean; type_hidden: boolean };

/**
 * Nobody waits for what can no longer be offered: entries still waiting when their event
 * has ended, their type's sales have ended, or the organiser has hidden their type (sold
 * only with its code from then on, decision 036) are closed, in one statement with their
 * notices. Those whose sales ended before the event are told, as are those of a hidden
 * type (closed by the organiser); an event that is over says so by itself. Returns how
 * many were closed.
 */
export async function closeFinishedLists(db: Database, deps: NoticeDeps): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<ClosedRow>(
      tx,
      sql`with finished as (
          select w.id, e.ends_at <= now() as event_over
          from waiting_list_entries w
          join ticket_types t on t.id = w.ticket_type_id
          join events e on e.id = w.event_id
          where w.status = 'waiting'
            and (e.ends_at <= now() or t.sales_end_at <= now() or t.hidden)
          for update of w skip locked
        ), closed as (
          update waiting_list_entries w set status = 'closed', ended_at = now()
          from finished f where w.id = f.id
          returning w.id, w.user_id, w.ticket_type_id, w.event_id, f.event_over
        )
        select c.id, c.user_id, t.name as type_name, e.title, e.short_id, c.event_over,
          t.hidden as type_hidden
        from closed c join ticket_types t on t.id = c.ticket_type_id
        join events e on e.id = c.event_id`,
    );
    const told = rows.filter((row) => !row.event_over);
    await tellClosed(
      tx,
      told.filter((row) => row.type_hidden).map(endedEntryOf),
      deps,
      "organiser",
    );
    await tellClosed(
      tx,
      told.filter((row) => !row.type_hidden).map(endedEntryOf),
      deps,
      "sales-ended",
    );
    return rows.length;
  });
}
