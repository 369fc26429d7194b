import { type SQL, sql } from "drizzle-orm";

/**
 * Someone waits in the ticket type's waiting list (decision 034): its free tickets go to
 * the list, not to the public. True from the first person who waits until the last is
 * offered tickets or leaves. The one place this rule is written: public availability
 * (the event page, discovery, the sale rules) and the hold statements use it. The
 * entries belong to server/modules/waiting-list, read here by table name.
 */
export function listWaitingSql(ticketTypeId: SQL): SQL {
  return sql`exists (select 1 from waiting_list_entries wl
    where wl.ticket_type_id = ${ticketTypeId} and wl.status = 'waiting')`;
}

/**
 * What the public may still have of a ticket type, read with `listWaitingSql` as
 * `listWaiting`: none while anyone waits, else capacity − taken. The page, the sale
 * rules' "Sold out." and the hold statements then agree.
 */
export function publicRemaining(type: {
  capacity: number;
  taken: number;
  listWaiting: boolean;
}): number {
  return type.listWaiting ? 0 : type.capacity - type.taken;
}
