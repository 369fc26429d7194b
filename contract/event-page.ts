import type { Availability } from "./event-card.ts";
import type { EventCategory, EventStatus } from "./event-options.ts";

// Built by server/modules/events/event-page.service.ts; shown by the event page and the booking steps.

/** Why a ticket type cannot be bought now; null when it can. */
export type NotOnSaleReason =
  | "sold-out"
  | "not-started"
  | "ended"
  | "event-cancelled"
  | "event-ended"
  | null;

/** A ticket type as the public event page shows it. */
export type PublicTicketType = {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  remaining: number;
  availability: Availability;
  perOrderLimit: number;
  onSale: boolean;
  notOnSaleReason: NotOnSaleReason;
  salesStartAt: string | null;
  salesEndAt: string | null;
};

/** The public page of one event. */
export type EventPage = {
  shortId: string;
  /** The canonical `/{slug}-{shortId}`: other spellings of the URL redirect here. */
  path: string;
  title: string;
  description: string;
  venueName: string;
  venueAddress: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  category: EventCategory;
  status: EventStatus;
  /** A draft shown to its business's owner only. */
  preview: boolean;
  ended: boolean;
  businessName: string;
  cover: { large: string; small: string } | null;
  ticketTypes: PublicTicketType[];
  /** Whether at least one ticket type can be booked now. */
  onSale: boolean;
};
