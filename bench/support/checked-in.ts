import { sql } from "drizzle-orm";
import type { Database } from "#server/platform/db/database.ts";

/**
 * `share` of the event's tickets (picked by a hash) checked in by bulk SQL as the door
 * leaves them: the ticket `checked-in` and a live check-in by `staffUserId` on one of 8
 * devices, scanned (1 in 10 by hand), over the 3 hours before now.
 */
export async function checkInShare(
  db: Database,
  eventId: string,
  staffUserId: string,
  share: number,
) {
  await db.execute(sql`
    with chosen as (
      select id from tickets where event_id = ${eventId}::uuid and status = 'valid'
      order by md5(id::text)
      limit (select floor(count(*) * ${share}::float8)::int from tickets where event_id = ${eventId}::uuid)
    ), admitted as (
      update tickets k set status = 'checked-in' from chosen where k.id = chosen.id returning k.id
    )
    insert into check_ins (ticket_id, event_id, staff_user_id, staff_name, device_id, method, created_at)
    select id, ${eventId}::uuid, ${staffUserId}::uuid, 'Door Staff',
      'scanner-' || (abs(hashtext(id::text)) % 8),
      case when abs(hashtext(id::text)) % 10 = 0 then 'manual' else 'scan' end,
      now() - random() * interval '3 hours'
    from admitted`);
}
