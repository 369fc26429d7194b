import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { handOver } from "./pass-on.ts";

/** What stands for a deleted account's name wherever a record of it is kept. */
export const FORMER_MEMBER = "A former member";

/**
 * Cancels tickets (valid ones, of events not started) and gives their places back to
 * their types, in one statement so `taken` and the tickets cannot disagree.
 */
async function cancelTicketsWhere(tx: Executor, where: ReturnType<typeof sql>): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`with voided as (
      update tickets k set status = 'cancelled', cancelled_at = now()
      from events e where e.id = k.event_id and k.status = 'valid' and e.starts_at > now() and ${where}
      returning k.ticket_type_id
    ), freed as (
      select ticket_type_id, count(*)::int as quantity from voided group by ticket_type_id
    ), returned as (
      update ticket_types t set taken = t.taken - f.quantity from freed f where t.id = f.ticket_type_id
      returning t.id
    )
    select coalesce((select sum(quantity) from freed), 0)::int as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * What deleting an account does to tickets, before its bookings are cancelled (decision
 * 013), in the deletion's transaction:
 * - tickets it received for events not started go back to the live account that gave
 *   them (under a fresh QR), else are cancelled and their places put back on sale;
 * - in its own bookings that have tickets it gave away, only the tickets it still holds
 *   are cancelled: what it gave away stays its recipients' (pending share links too),
 *   and the booking stays confirmed, so the bookings step passes it by;
 * - its name leaves the history of tickets it gave or received.
 */
export async function settleTicketsOfDeletedAccount(tx: Executor, userId: string): Promise<void> {
  const received = await rowsOf<{
    id: string;
    generation: number;
    giver: string | null;
    name: string;
  }>(
    tx,
    sql`select k.id, k.generation, g.id as giver, coalesce(a.previous_attendee_name, k.attendee_name) as name
      from tickets k
        join bookings b on b.id = k.booking_id
        join events e on e.id = k.event_id
        left join lateral (
          select from_user_id, previous_attendee_name from ticket_assignments
          where ticket_id = k.id and status in ('delivered', 'claimed')
            and recipient_user_id = ${userId}::uuid
          order by created_at desc limit 1
        ) a on true
        left join users g on g.id = a.from_user_id and g.deleted_at is null
      where k.holder_user_id = ${userId}::uuid and b.user_id <> ${userId}::uuid
        and k.status = 'valid' and e.starts_at > now()
      for update of k`,
  );
  for (const ticket of received.filter((t) => t.giver)) {
    await handOver(
      tx,
      { id: ticket.id, generation: Number(ticket.generation) },
      { holderUserId: ticket.giver, attendeeName: ticket.name },
    );
  }
  const orphaned = received.filter((t) => !t.giver).map((t) => t.id);
  if (orphaned.length > 0) {
    await cancelTicketsWhere(
      tx,
      sql`k.id in (${sql.join(
        orphaned.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  // Own bookings shared with others: cancel only the tickets still held here.
  await cancelTicketsWhere(
    tx,
    sql`k.holder_user_id = ${userId}::uuid and exists (
      select 1 from bookings b join tickets o on o.booking_id = b.id
      where b.id = k.booking_id and b.user_id = ${userId}::uuid and o.status = 'valid'
        and o.holder_user_id is distinct from ${userId}::uuid)`,
  );
  await tx.execute(
    sql`update ticket_assignments set from_name = ${FORMER_MEMBER} where from_user_id = ${userId}::uuid`,
  );
  await tx.execute(
    sql`update ticket_assignments set recipient_name = ${FORMER_MEMBER}, recipient_phone = null,
      recipient_email = null where recipient_user_id = ${userId}::uuid`,
  );
}
