import type { HoldStatus } from "./hold-status.ts";

// Built by server/modules/holds/hold-view.ts; shown by the booking pages.

/** One line of a hold: a ticket type, how many, at the price it was held at. */
export type HoldItemView = {
  ticketTypeId: string;
  name: string;
  quantity: number;
  /** What one ticket costs, after the code's discount. */
  unitPriceMinor: number;
  /** Taken off each ticket by the hold's code (contract/event-codes.ts), 0 without one. */
  discountMinor: number;
  currency: string;
};

/** A hold as its owner sees it; `expiresAt` is ISO 8601 (the page counts down to it). */
export type HoldView = {
  id: string;
  eventId: string;
  status: HoldStatus;
  /** Active and not run out yet. */
  live: boolean;
  expiresAt: string;
  items: HoldItemView[];
  ticketCount: number;
  /** After the discount. */
  totalMinor: number;
  /** The promo or access code the hold was made with (upper case), or null. */
  code: string | null;
  /** What the code took off the whole hold, 0 without one. */
  discountMinor: number;
  currency: string | null;
};
