import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export type TypeCount = {
  id: string;
  event_id: string;
  name: string;
  /** Tickets not cancelled: valid or checked in. */
  sold: number;
  /** Tickets with a live (not undone) check-in. */
  checked_in: number;
};

/**
 * Per ticket type of the events (every type, none sold too; by position then name): tickets
 * sold and checked in, counted from the tickets' status alone. `checked-in` is exactly
 * "has a live check-in": the admitting statement sets it with the check-in row
 * (admit-statement.ts, online and offline uploads alike), an undo resets it to `valid` in
 * the transaction that marks the check-in undone (undo-check-in.ts), and cancellations
 * only take `valid` tickets. So the counts read only the index `tickets_event` (event,
 * status, type) and never join `check_ins`: an index-only scan at any size (issue 27),
 * grouped in the index's order (status, then type) so that one event's rows stream.
 */
export async function ticketCountsByType(db: Executor, eventIds: SQL): Promise<TypeCount[]> {
  const rows = await rowsOf<TypeCount>(
    db,
    sql`select t.id, t.event_id, t.name,
        coalesce(sum(n.count) filter (where n.status <> 'cancelled'), 0)::int as sold,
        coalesce(sum(n.count) filter (where n.status = 'checked-in'), 0)::int as checked_in
      from ticket_types t left join (
        select k.status, k.ticket_type_id, count(*) as count from tickets k
        where k.event_id in (${eventIds}) group by k.status, k.ticket_type_id
      ) n on n.ticket_type_id = t.id
      where t.event_id in (${eventIds})
      group by t.event_id, t.id, t.name, t.position order by t.position, t.name`,
  );
  return rows.map((r) => ({ ...r, sold: Number(r.sold), checked_in: Number(r.checked_in) }));
}
