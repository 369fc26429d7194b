import { sql } from "drizzle-orm";
import type { WaitingListSettings } from "#contract/waiting-list.ts";
import { assertNotCancelled, requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type EndedEntry, type NoticeDeps, tellClosed } from "./offer-notices.ts";

export type ConfigureInput = {
  eventId: string;
  offerHours: number;
  closedTicketTypeIds: string[];
};

/**
 * The organiser's settings of an event's waiting lists (`waitingList.configure`, its
 * owner only): how long an offer holds its tickets (for offers made from now on), and
 * which types' lists are closed. Closing a list ends its waiting entries as `closed` and
 * tells them; open offers stay. Locks the event row, then its types' rows, then the
 * entries: the tick's order after the event (type, then entries).
 */
export async function configureList(
  db: Database,
  userId: string,
  input: ConfigureInput,
  deps: NoticeDeps,
): Promise<WaitingListSettings> {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    assertNotCancelled(event);
    const types = await rowsOf<{ id: string }>(
      tx,
      sql`select id from ticket_types where event_id = ${event.id} order by id for update`,
    );
    const ids = new Set(types.map((type) => type.id));
    const closed = [...new Set(input.closedTicketTypeIds)];
    if (closed.some((id) => !ids.has(id))) {
      throw fieldError("closedTicketTypeIds", "Choose ticket types of this event.");
    }
    const closedArray = `{${closed.join(",")}}`;
    await tx.execute(sql`update events set waiting_list_offer_hours = ${input.offerHours},
      updated_at = now() where id = ${event.id}`);
    await tx.execute(sql`update ticket_types
      set waiting_list = not (id = any(${closedArray}::uuid[]))
      where event_id = ${event.id}
        and waiting_list is distinct from not (id = any(${closedArray}::uuid[]))`);
    const ended = await rowsOf<{ id: string; user_id: string; type_name: string }>(
      tx,
      sql`update waiting_list_entries w set status = 'closed', ended_at = now()
        from ticket_types t
        where t.id = w.ticket_type_id and w.event_id = ${event.id}
          and w.ticket_type_id = any(${closedArray}::uuid[]) and w.status = 'waiting'
        returning w.id, w.user_id, t.name as type_name`,
    );
    await tellClosed(
      tx,
      ended.map(
        (row): EndedEntry => ({
          id: row.id,
          userId: row.user_id,
          typeName: row.type_name,
          title: event.title,
          shortId: event.shortId,
        }),
      ),
      deps,
    );
    return { offerHours: input.offerHours, closedTicketTypeIds: closed };
  });
}
