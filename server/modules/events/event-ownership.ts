import { and, eq } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import { type Business, requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { events, ticketTypes } from "./events.schema.ts";

export type Event = typeof events.$inferSelect;
export type TicketType = typeof ticketTypes.$inferSelect;

export function eventNotFound(): FunctionError {
  return new FunctionError("NOT_FOUND", "Event not found.");
}

/** Refuses changes to a cancelled event: cancelling is final. */
export function assertNotCancelled(event: Event): void {
  if (event.status === "cancelled") {
    throw new FunctionError("FAILED_PRECONDITION", "This event is cancelled and cannot change.", {
      reason: "cancelled",
    });
  }
}

/**
 * The caller's business and one of its events. Another business's event, an unknown id
 * and a malformed id all answer the same NOT_FOUND, so ids cannot be probed.
 * `lock`: the event row is locked (`FOR UPDATE`) until the transaction ends.
 */
export async function requireOwnedEvent(
  tx: Executor,
  userId: string,
  eventId: string,
  options: { lock?: boolean } = {},
): Promise<{ business: Business; event: Event }> {
  const business = await requireOwnedBusiness(tx, userId);
  if (!isUuid(eventId)) throw eventNotFound();
  const query = tx
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.businessId, business.id)));
  const [event] = options.lock ? await query.for("update") : await query;
  if (!event) throw eventNotFound();
  return { business, event };
}

/** A ticket type of one of the caller's events, with its event (NOT_FOUND otherwise). */
export async function requireOwnedTicketType(
  tx: Executor,
  userId: string,
  ticketTypeId: string,
): Promise<{ business: Business; event: Event; ticketType: TicketType }> {
  const business = await requireOwnedBusiness(tx, userId);
  const notFound = new FunctionError("NOT_FOUND", "Ticket type not found.");
  if (!isUuid(ticketTypeId)) throw notFound;
  const [row] = await tx
    .select({ event: events, ticketType: ticketTypes })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(events.businessId, business.id)));
  if (!row) throw notFound;
  return { business, ...row };
}
