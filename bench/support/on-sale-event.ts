import { sql } from "drizzle-orm";
import { eventPath } from "#server/modules/events/event-ids.ts";
import type { Database } from "#server/platform/db/database.ts";

/**
 * The public path of the soonest published event still to come with a ticket type on sale
 * now and not sold out: the page a rush opens.
 */
export async function onSaleEventPath(db: Database): Promise<string> {
  const result = (await db.execute(sql`
    select e.short_id, e.title from events e
    where e.status = 'published' and e.starts_at > now()
      and exists (
        select 1 from ticket_types t
        where t.event_id = e.id and t.taken < t.capacity
          and (t.sales_start_at is null or t.sales_start_at <= now())
          and (t.sales_end_at is null or t.sales_end_at > now()))
    order by e.starts_at limit 1`)) as unknown as { rows: { short_id: string; title: string }[] };
  const event = result.rows[0];
  if (!event) throw new Error("no published, upcoming event is on sale");
  return eventPath({ title: event.title, shortId: event.short_id });
}
