import { z } from "zod";
import { availabilities } from "#contract/event-card.ts";
import { eventCategories, eventStatuses } from "#contract/event-options.ts";
import { ticketPaymentMethods } from "#contract/payment-options.ts";
import {
  currencyCode,
  isoInstant,
  localDateTime,
  minorUnits,
} from "#server/platform/callable/api-output.ts";

// The answers of the events' API functions as JSON (decision 038): what `api.output`
// of event-authoring.functions.ts says, and the reference page shows.

const eventStatus = z.enum(eventStatuses);
const eventPath = z.string().describe("The event's public page, /{slug}-{shortId}.");
const shortId = z.string().describe("The short id in the event's public address.");

/** A ticket type as its organiser edits it (ownerTicketTypeView). */
export const ownerTicketTypeOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceMinor: minorUnits("The price of one ticket"),
  currency: currencyCode,
  capacity: z.number().int().describe("Tickets of this type on sale in all."),
  taken: z.number().int().describe("Tickets of this type held or sold."),
  perOrderLimit: z.number().int().describe("The most tickets of this type in one order."),
  hidden: z.boolean().describe("Sold only with an access code, not listed on the event page."),
  paymentMethod: z.enum(ticketPaymentMethods).describe("Paid by card online, or at the venue."),
  salesStartAt: isoInstant.nullable().describe("When sales open; null: no set start."),
  salesEndAt: isoInstant.nullable().describe("When sales close; null: no set end."),
  salesStartLocal: localDateTime.describe("salesStartAt in the event's zone, or empty."),
  salesEndLocal: localDateTime.describe("salesEndAt in the event's zone, or empty."),
});

const waitingRoomOutput = z.strictObject({
  enabled: z.boolean(),
  saleStartsAt: isoInstant.describe("When the sale opens: who came before gets a random place."),
  saleStartsLocal: localDateTime,
  checkoutCapacity: z.number().int().describe("How many buyers may choose tickets at once."),
});

const seriesOutput = z.strictObject({
  seriesId: z.string(),
  dates: z.array(
    z.strictObject({
      eventId: z.string(),
      shortId,
      path: eventPath,
      startsAt: isoInstant,
      endsAt: isoInstant,
      status: eventStatus,
      remaining: z.number().int().describe("Tickets free to the public across its types."),
      availability: z.enum(availabilities),
    }),
  ),
});

/** `events.getForOwner`: one event with its ticket types, as the console edits it. */
export const ownerEventOutput = z.strictObject({
  id: z.string(),
  shortId,
  path: eventPath,
  title: z.string(),
  description: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  timeZone: z.string().describe("IANA time zone of the event, e.g. Europe/London."),
  startsAt: isoInstant,
  endsAt: isoInstant,
  startsLocal: localDateTime,
  endsLocal: localDateTime,
  category: z.enum(eventCategories.map((c) => c.id)),
  status: eventStatus,
  reminders: z.boolean().describe("Holders are reminded 24 hours before the start."),
  taxRateBp: z.number().int().describe("Tax rate in basis points (2000 = 20 %)."),
  taxInclusive: z.boolean().describe("Prices include the tax (else it is added on top)."),
  attendeeCancellation: z.boolean().describe("Buyers may cancel their own tickets."),
  cancellationDeadlineHours: z
    .number()
    .int()
    .describe("Buyers may cancel until this many hours before the start."),
  cancellationFeePercent: z
    .number()
    .int()
    .describe("Percent of the refund kept back when a buyer cancels."),
  offlineSearchLimit: z
    .number()
    .int()
    .describe("Door devices may search names offline up to this many tickets (0: never)."),
  remindedAt: isoInstant.nullable(),
  publishedAt: isoInstant.nullable(),
  cancelledAt: isoInstant.nullable(),
  cover: z.strictObject({ large: z.string(), small: z.string() }).nullable(),
  ticketTypes: z.array(ownerTicketTypeOutput),
  waitingRoom: waitingRoomOutput.nullable(),
  series: seriesOutput.nullable(),
});

/** `events.listMine`: a page of the business's events, with ticket totals. */
export const myEventsOutput = z.strictObject({
  events: z.array(
    z.strictObject({
      id: z.string(),
      shortId,
      path: eventPath,
      title: z.string(),
      status: eventStatus,
      timeZone: z.string(),
      startsAt: isoInstant,
      endsAt: isoInstant,
      venueName: z.string(),
      ticketTypeCount: z.number().int(),
      capacity: z.number().int().describe("Tickets on sale across its types."),
      taken: z.number().int().describe("Tickets held or sold across its types."),
    }),
  ),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int().describe("Events of the business in all."),
});

export const createdEventOutput = z.strictObject({ eventId: z.string(), shortId });
export const updatedEventOutput = z.strictObject({ eventId: z.string() });
export const publishedEventOutput = z.strictObject({ status: eventStatus });
export const unpublishedEventOutput = z.strictObject({ status: z.literal("draft") });
/** A type with tickets taken is refused (FAILED_PRECONDITION), so the answer is always true. */
export const deletedTicketTypeOutput = z.strictObject({ deleted: z.literal(true) });
