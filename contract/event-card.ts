import type { EventCategory } from "./event-options.ts";

// Built by server/modules/events/event-discovery.service.ts; shown by the home page.

/** How many tickets are left, as a visitor reads it (the server decides, `availabilityOf`). */
export const availabilities = ["available", "few-left", "sold-out"] as const;
export type Availability = (typeof availabilities)[number];

/** An event as the discovery list shows it. */
export type EventCard = {
  shortId: string;
  path: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venueName: string;
  category: EventCategory;
  coverImage: string | null;
  /**
   * The lowest all-in price (`ticketPriceParts`: price, booking fee, added tax) of a type
   * still on sale (of any type when all are sold out); null without ticket types.
   */
  lowestPriceMinor: number | null;
  currency: string | null;
  availability: Availability;
};
