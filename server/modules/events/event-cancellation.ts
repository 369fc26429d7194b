import type { Executor } from "../../platform/db.ts";
import type { MessageService } from "../../platform/messages/message-service.ts";
import { cancelBookingsOfEvent } from "../bookings/cancel-bookings.ts";
import type { Event } from "./event-ownership.ts";

/**
 * One thing that must happen when an event is cancelled, inside the cancelling
 * transaction (so a failure leaves the event as it was). `event` is the row as
 * cancelled (status, cancelledAt set); `reason` is what the organiser wrote, if anything.
 */
export type EventCancellationStep = (
  tx: Executor,
  event: Event,
  reason: string | null,
  deps: EventCancellationDeps,
) => Promise<void>;

/** How steps reach people: messages queued in the transaction, links to this site. */
export type EventCancellationDeps = { messages: MessageService | null; publicUrl: string | null };

/** Steps `events.cancel` runs, in order: for now, the bookings module's. */
export const eventCancellationSteps: EventCancellationStep[] = [
  // Cancels the bookings and notifies their holders (emails queued in this transaction).
  async (tx, event, reason, deps) => {
    await cancelBookingsOfEvent(tx, event, reason, deps);
  },
];
