import { type SQL, sql } from "drizzle-orm";

/**
 * How many tickets of an event the user holds, valid or already used at the door (the
 * event page's "You have 2 tickets"), by the holder index: a fragment for a statement
 * that reads more (the viewer).
 */
export function ticketsHeldCount(userId: string, eventId: SQL): SQL {
  return sql`(select count(*)::int from tickets k
    where k.holder_user_id = ${userId}::uuid and k.event_id = ${eventId}
      and k.status in ('valid', 'checked-in'))`;
}
