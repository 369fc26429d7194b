import { and, asc, eq, not, sql } from "drizzle-orm";
import { coverImagePath, type EventStatus } from "#contract/event-options.ts";
import type { EventPage, NotOnSaleReason, PublicTicketType } from "#contract/event-page.ts";
import { type EventTax, type PlatformFee, ticketPriceParts } from "#contract/pricing.ts";
import { findOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { availabilityOf } from "./event-discovery.service.ts";
import { eventPath, shortIdFromPathSegment } from "./event-ids.ts";
import { seriesDates } from "./event-series.service.ts";
import { events, eventWaitingRooms, ticketTypes } from "./events.schema.ts";
import { noPlatformFee } from "./platform-fee.ts";
import { listWaitingSql, publicRemaining } from "./waiting-list-gate.ts";

const notFound = () => new FunctionError("NOT_FOUND", "Event not found.");

type TicketRow = typeof ticketTypes.$inferSelect;

/**
 * Why a ticket type cannot be bought now, the event's state first; null when it can.
 * `remaining` is what the public may have (`publicRemaining`: none while anyone waits in
 * its waiting list), so a type whose tickets go to the list reads as sold out.
 */
export function notOnSaleReason(
  event: { status: EventStatus; endsAt: Date },
  ticket: Pick<TicketRow, "salesStartAt" | "salesEndAt"> & { remaining: number },
  now: Date,
): NotOnSaleReason {
  if (event.status === "cancelled") return "event-cancelled";
  if (event.endsAt <= now) return "event-ended";
  if (ticket.remaining <= 0) return "sold-out";
  if (ticket.salesStartAt && ticket.salesStartAt > now) return "not-started";
  if (ticket.salesEndAt && ticket.salesEndAt <= now) return "ended";
  return null;
}

/** A ticket type as the public sees it (also a hidden type its code unlocks, `codes.check`). */
export function publicTicketType(
  event: { status: EventStatus; endsAt: Date },
  { row, listWaiting }: { row: TicketRow; listWaiting: boolean },
  payment: { fee: PlatformFee; tax: EventTax },
  now: Date,
): PublicTicketType {
  const remaining = publicRemaining({ ...row, listWaiting });
  const reason = notOnSaleReason(event, { ...row, remaining }, now);
  const parts = ticketPriceParts(row.priceMinor, {
    card: row.paymentMethod === "card",
    ...payment,
  });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    allInPriceMinor: parts.allInMinor,
    feeMinor: parts.feeMinor,
    paymentMethod: row.paymentMethod,
    currency: row.currency,
    remaining,
    availability: availabilityOf(remaining, row.capacity),
    waitingList: row.waitingList,
    perOrderLimit: row.perOrderLimit,
    // A draft previewed by its owner shows its tickets, but nothing is bookable yet.
    onSale: reason === null && event.status === "published",
    notOnSaleReason: reason,
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    salesEndAt: row.salesEndAt?.toISOString() ?? null,
  };
}

/**
 * The public page of the event `segment` names (`{slug}-{shortId}` or the short id).
 * NOT_FOUND for unknown ids, events of suspended businesses, and drafts, except that
 * a draft's own business owner sees it as a preview. Cancelled events are shown. Prices
 * come all-in with the platform's booking `fee` (the same for every visitor).
 */
export async function getEventPage(
  db: Executor,
  segment: string,
  viewerId: string | null,
  now: Date = new Date(),
  fee: PlatformFee = noPlatformFee,
): Promise<EventPage> {
  const shortId = shortIdFromPathSegment(segment);
  if (!shortId) throw notFound();
  const [found] = await db
    .select({
      event: events,
      businessName: businesses.name,
      businessStatus: businesses.status,
      room: { enabled: eventWaitingRooms.enabled, saleStartsAt: eventWaitingRooms.saleStartsAt },
    })
    .from(events)
    .innerJoin(businesses, eq(businesses.id, events.businessId))
    .leftJoin(eventWaitingRooms, eq(eventWaitingRooms.eventId, events.id))
    .where(eq(events.shortId, shortId));
  if (found?.businessStatus !== "active") throw notFound();
  const { event } = found;
  let preview = false;
  if (event.status === "draft") {
    const owned = viewerId ? await findOwnedBusiness(db, viewerId) : null;
    if (owned?.id !== event.businessId) throw notFound();
    preview = true;
  }
  // Whether anyone waits in each type's list comes with the type (the partial index
  // waiting_list_entries_waiting answers it): no extra round trip per type.
  const tickets = await db
    .select({
      row: ticketTypes,
      listWaiting: sql<boolean>`${listWaitingSql(sql`${ticketTypes.id}`)}`,
    })
    .from(ticketTypes)
    // Hidden types are shown only with a code that unlocks them (decision 036).
    .where(and(eq(ticketTypes.eventId, event.id), not(ticketTypes.hidden)))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  // One more query for a date of a series, none for a one-off event.
  const series = event.seriesId
    ? await seriesDates(db, event.seriesId, { publicOnly: true, now })
    : null;
  const tax = { rateBp: event.taxRateBp, inclusive: event.taxInclusive };
  const types = tickets.map((ticket) => publicTicketType(event, ticket, { fee, tax }, now));
  return {
    shortId: event.shortId,
    path: eventPath(event),
    title: event.title,
    description: event.description,
    venueName: event.venueName,
    venueAddress: event.venueAddress,
    timeZone: event.timeZone,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    category: event.category,
    status: event.status,
    preview,
    ended: event.endsAt <= now,
    businessName: found.businessName,
    cover: event.coverImageId
      ? {
          large: coverImagePath(event.coverImageId, "large"),
          small: coverImagePath(event.coverImageId, "small"),
        }
      : null,
    tax,
    ticketTypes: types,
    onSale: types.some((t) => t.onSale),
    waitingRoom: found.room?.enabled
      ? { saleStartsAt: (found.room.saleStartsAt as Date).toISOString() }
      : null,
    series,
  };
}
