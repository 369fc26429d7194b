import { sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * A booking of an event of the business `userId` owns (as events.getForOwner: the owner of
 * the event's business). Anything else, another business's order, an unknown id, answers
 * the same NOT_FOUND, so orders cannot be probed.
 */
export async function requireOwnOrder(
  db: Executor,
  userId: string,
  bookingId: string,
): Promise<{ bookingId: string; eventId: string }> {
  const [row] = await rowsOf<{ id: string; event_id: string }>(
    db,
    sql`select b.id, b.event_id from bookings b
        join events e on e.id = b.event_id
        join businesses bu on bu.id = e.business_id
        where b.id = ${bookingId}::uuid and bu.owner_id = ${userId}::uuid
          and bu.status <> 'suspended'`,
  );
  if (!row) throw new FunctionError("NOT_FOUND", "Order not found.");
  return { bookingId: row.id, eventId: row.event_id };
}

/** A refund of an order of the caller's business, locked (`for update`); NOT_FOUND otherwise. */
export async function requireOwnRefund(
  tx: Executor,
  userId: string,
  refundId: string,
): Promise<{ id: string; status: string }> {
  const notFound = new FunctionError("NOT_FOUND", "Refund not found.");
  if (!isUuid(refundId)) throw notFound;
  const [row] = await rowsOf<{ id: string; status: string }>(
    tx,
    sql`select r.id, r.status from refunds r
        join businesses bu on bu.id = r.business_id
        where r.id = ${refundId}::uuid and bu.owner_id = ${userId}::uuid
          and bu.status <> 'suspended'
        for update of r`,
  );
  if (!row) throw notFound;
  return row;
}
