import type { HoldStatus } from "./hold-status.ts";

// Built by server/modules/holds/hold-view.ts; shown by the booking pages.

/** One line of a hold: a ticket type, how many, at the price it was held at. */
export type HoldItemView = {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
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
  totalMinor: number;
  currency: string | null;
};
