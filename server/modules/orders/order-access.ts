import { sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import {
  findOwnedBusiness,
  requireOwnedBusiness,
} from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export const orderNotFound = () => new FunctionError("NOT_FOUND", "Order not found.");

/**
 * The caller's business, for an id of something of it: a caller with no business gets the
 * same NOT_FOUND as for another business's id (nothing to tell apart); a suspended
 * business is refused as everywhere (requireOwnedBusiness).
 */
async function ownedBusinessFor(db: Executor, userId: string, notFound: () => FunctionError) {
  if (!(await findOwnedBusiness(db, userId))) throw notFound();
  return requireOwnedBusiness(db, userId);
}

/**
 * A booking of one of the caller's business's events. Another business's order, an
 * unknown id and a malformed one all answer the same NOT_FOUND, so ids cannot be probed.
 */
export async function requireOwnedOrder(
  db: Executor,
  userId: string,
  bookingId: string,
): Promise<{ bookingId: string; eventId: string; businessId: string }> {
  const business = await ownedBusinessFor(db, userId, orderNotFound);
  if (!isUuid(bookingId)) throw orderNotFound();
  const [row] = await rowsOf<{ event_id: string }>(
    db,
    sql`select b.event_id from bookings b join events e on e.id = b.event_id
      where b.id = ${bookingId}::uuid and e.business_id = ${business.id}::uuid`,
  );
  if (!row) throw orderNotFound();
  return { bookingId, eventId: row.event_id, businessId: business.id };
}

/** A refund of an order of the caller's business, locked (`for update`); NOT_FOUND otherwise. */
export async function requireOwnRefund(
  tx: Executor,
  userId: string,
  refundId: string,
): Promise<{ id: string; status: string }> {
  const notFound = new FunctionError("NOT_FOUND", "Refund not found.");
  const business = await ownedBusinessFor(tx, userId, () => notFound);
  if (!isUuid(refundId)) throw notFound;
  const [row] = await rowsOf<{ id: string; status: string }>(
    tx,
    sql`select r.id, r.status from refunds r
        where r.id = ${refundId}::uuid and r.business_id = ${business.id}::uuid
        for update of r`,
  );
  if (!row) throw notFound;
  return row;
}
