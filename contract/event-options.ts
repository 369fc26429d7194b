/**
 * An event's fixed choices and limits, defined once: the server validates against them,
 * the editor and the discovery filters list them. Pure data, safe to import from pages.
 */
export const eventCategories = [
  { id: "music", label: "Music" },
  { id: "nightlife", label: "Nightlife" },
  { id: "theatre", label: "Theatre and comedy" },
  { id: "arts", label: "Arts and culture" },
  { id: "sports", label: "Sports and fitness" },
  { id: "food", label: "Food and drink" },
  { id: "business", label: "Business and talks" },
  { id: "family", label: "Family" },
  { id: "community", label: "Community" },
  { id: "other", label: "Other" },
] as const;
export type EventCategory = (typeof eventCategories)[number]["id"];

export const eventStatuses = ["draft", "published", "cancelled"] as const;
export type EventStatus = (typeof eventStatuses)[number];

/**
 * The longest an event may last. Discovery lists events that have not ended, soonest
 * first, by scanning the start-time index from `now - maxEventDuration`: this bound is
 * what keeps that scan short however many past events accumulate.
 */
export const maxEventDurationDays = 31;

/** Currencies a ticket may be priced in (ISO 4217, all with 2 minor digits). */
export const ticketCurrencies = [
  "EUR",
  "GBP",
  "USD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CAD",
  "AUD",
] as const;
export type TicketCurrency = (typeof ticketCurrencies)[number];

/** Cover images: what an upload may be, and the sizes the server keeps. */
export const coverImageRules = {
  maxBytes: 5 * 1024 * 1024,
  acceptedTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
  large: { width: 1600, height: 900 },
  small: { width: 640, height: 360 },
} as const;

/** "Few left": a ticket type (or event) with at most this share of its capacity left. */
export const fewLeftShare = 0.1;
/** ...or at most this many tickets left, whichever is larger. */
export const fewLeftCount = 10;

export type CoverImageSize = "large" | "small";

/** Where a stored cover image is served (immutable: a new upload gets a new id). */
export function coverImagePath(imageId: string, size: CoverImageSize): string {
  return `/media/event-images/${imageId}/${size}.webp`;
}
