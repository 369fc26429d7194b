import type { Availability } from "./event-card.ts";
import type { EventCategory, EventStatus } from "./event-options.ts";
import type { SeriesDate } from "./event-series.ts";
import type { TicketPaymentMethod } from "./payment-options.ts";
import type { EventTax } from "./pricing.ts";

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
  /** The organiser's price. */
  priceMinor: number;
  /**
   * What the buyer pays for one (`ticketPriceParts` in contract/pricing.ts): the price,
   * the booking fee of a card-paid priced ticket, and tax added on top. Shown first.
   */
  allInPriceMinor: number;
  /** The booking fee within `allInPriceMinor` (0 for free and pay-at-the-venue tickets). */
  feeMinor: number;
  paymentMethod: TicketPaymentMethod;
  currency: string;
  /** Free to the public: 0 while anyone waits in the type's waiting list (decision 034). */
  remaining: number;
  availability: Availability;
  /** The type's waiting list is open: people may join it while the type is sold out. */
  waitingList: boolean;
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
  /** The event's tax: contained in the prices (inclusive) or added on top of them. */
  tax: EventTax;
  ticketTypes: PublicTicketType[];
  /** Whether at least one ticket type can be booked now. */
  onSale: boolean;
  /**
   * The sale runs through a waiting room (decision 033): only people it admitted may hold
   * tickets; null when it is off.
   */
  waitingRoom: { saleStartsAt: string } | null;
  /**
   * The dates of the event's series (decision 035) that are published and not ended, this
   * one included, oldest first, at most 60; null for a one-off event.
   */
  series: SeriesDate[] | null;
};
