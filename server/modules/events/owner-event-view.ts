import { type CoverImageSize, coverImagePath } from "#contract/event-options.ts";
import { eventPath } from "./event-ids.ts";
import type { Event, TicketType } from "./event-ownership.ts";
import { toLocalInput } from "./zoned-time.ts";

/** A ticket type as its organiser edits it: instants in ISO, and as wall-clock inputs. */
export function ownerTicketTypeView(ticketType: TicketType, timeZone: string) {
  const local = (at: Date | null) => (at ? toLocalInput(at, timeZone) : "");
  return {
    id: ticketType.id,
    name: ticketType.name,
    description: ticketType.description,
    priceMinor: ticketType.priceMinor,
    currency: ticketType.currency,
    capacity: ticketType.capacity,
    taken: ticketType.taken,
    perOrderLimit: ticketType.perOrderLimit,
    hidden: ticketType.hidden,
    paymentMethod: ticketType.paymentMethod,
    salesStartAt: ticketType.salesStartAt?.toISOString() ?? null,
    salesEndAt: ticketType.salesEndAt?.toISOString() ?? null,
    salesStartLocal: local(ticketType.salesStartAt),
    salesEndLocal: local(ticketType.salesEndAt),
  };
}

function coverUrls(imageId: string | null): Record<CoverImageSize, string> | null {
  return imageId
    ? { large: coverImagePath(imageId, "large"), small: coverImagePath(imageId, "small") }
    : null;
}

/**
 * An event as the console shows and edits it. Plain JSON (ISO strings, not Dates), the
 * same over the API and in a page's loader.
 */
export function ownerEventView(event: Event, types: TicketType[]) {
  return {
    id: event.id,
    shortId: event.shortId,
    path: eventPath(event),
    title: event.title,
    description: event.description,
    venueName: event.venueName,
    venueAddress: event.venueAddress,
    timeZone: event.timeZone,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    startsLocal: toLocalInput(event.startsAt, event.timeZone),
    endsLocal: toLocalInput(event.endsAt, event.timeZone),
    category: event.category,
    status: event.status,
    reminders: event.reminders,
    taxRateBp: event.taxRateBp,
    taxInclusive: event.taxInclusive,
    attendeeCancellation: event.attendeeCancellation,
    cancellationDeadlineHours: event.cancellationDeadlineHours,
    cancellationFeePercent: event.cancellationFeePercent,
    offlineSearchLimit: event.offlineSearchLimit,
    remindedAt: event.remindedAt?.toISOString() ?? null,
    publishedAt: event.publishedAt?.toISOString() ?? null,
    cancelledAt: event.cancelledAt?.toISOString() ?? null,
    cover: coverUrls(event.coverImageId),
    ticketTypes: types.map((t) => ownerTicketTypeView(t, event.timeZone)),
  };
}

export type OwnerEventView = ReturnType<typeof ownerEventView>;
