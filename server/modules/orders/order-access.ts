import { sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export const orderNotFound = () => new FunctionError("NOT_FOUND", "Order not found.");

/**
 * A booking of one of the caller's business's events. Another business's order, an
 * unknown id and a malformed one all answer the same NOT_FOUND, so ids cannot be probed.
 */
export async function requireOwnedOrder(
  db: Executor,
  userId: string,
  bookingId: string,
): Promise<{ bookingId: string; eventId: string; businessId: string }> {
  const business = await requireOwnedBusiness(db, userId);
  if (!isUuid(bookingId)) throw orderNotFound();
  const [row] = await rowsOf<{ event_id: string }>(
    db,
    sql`select b.event_id from bookings b join events e on e.id = b.event_id
      where b.id = ${bookingId}::uuid and e.business_id = ${business.id}::uuid`,
  );
  if (!row) throw orderNotFound();
  return { bookingId, eventId: row.event_id, businessId: business.id };
}
