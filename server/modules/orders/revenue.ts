import { sql } from "drizzle-orm";
import type { RevenueView } from "#contract/revenue-view.ts";
import { isUuid } from "#contract/uuid.ts";
import { findOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { revenueFigures } from "./revenue-figures.ts";
import { revenueRows } from "./revenue-rows.ts";

const notFound = () => new FunctionError("NOT_FOUND", "Event not found.");

/**
 * The revenue of one event of the caller's business (`eventId`), or of the whole
 * business. Another business's event, or an unknown one, answers NOT_FOUND; a caller
 * without a business FAILED_PRECONDITION `no-business` for the whole (NOT_FOUND for an
 * event). A suspended business still sees its figures (reading changes nothing).
 */
export async function revenueOf(
  db: Executor,
  userId: string,
  eventId: string | undefined,
): Promise<RevenueView> {
  const business = await findOwnedBusiness(db, userId);
  if (!business) {
    if (eventId !== undefined) throw notFound();
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "You do not have a business yet. Apply on the business form first.",
      { reason: "no-business" },
    );
  }
  if (eventId !== undefined && !isUuid(eventId)) throw notFound();
  const rows = await revenueRows(
    db,
    eventId === undefined
      ? sql`e.business_id = ${business.id}::uuid`
      : sql`e.business_id = ${business.id}::uuid and e.id = ${eventId}::uuid`,
  );
  const event = eventId === undefined ? null : rows.events[0];
  if (event === undefined) throw notFound();
  const figures = revenueFigures(rows);
  return {
    scope: { business: { id: business.id, name: business.name }, event },
    ...figures,
    byEvent: event ? [] : figures.byEvent,
  };
}
