import type { Database } from "#server/platform/db/database.ts";
import type { EventForSale } from "./event-for-sale.ts";
import type { HoldLine } from "./sale-rules.ts";

export type InventoryDeps = {
  db: Database;
  holdMinutes: number;
  /** Batch concurrent holds of one type into one statement (decision 015); default on. */
  batching?: boolean;
  /**
   * Told of the ticket types a hold left at 90 % of their capacity or more (the door's
   * sell-through alerts, decision 020), before the hold is answered. The statement that
   * took the tickets says so: a hold that leaves its types below 90 % costs no other query.
   */
  nearFull?: (ticketTypeIds: string[]) => Promise<void>;
  /**
   * Refuses a person the event's waiting room has not admitted (decision 033), after the
   * sale rules and before any ticket is taken. Unset: no room is checked (the demo's seed).
   */
  admitted?: (event: EventForSale, userId: string) => Promise<void>;
  /** The clock a code's window is judged by (tests fix it); default `new Date()`. */
  now?: () => Date;
};

export type HoldRequest = {
  /** The event's uuid or short id. */
  eventRef: string;
  /** One line per ticket type, quantities ≥ 1 (the function's input schema ensures it). */
  lines: readonly HoldLine[];
  idempotencyKey: string;
  /** A promo or access code as entered (decision 036): the hold takes the slower path. */
  code?: string | undefined;
};
