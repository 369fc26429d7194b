import type { Executor } from "../../platform/db.ts";
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
) => Promise<void>;

/** Steps `events.cancel` runs, in order: for now, the bookings module's. */
export const eventCancellationSteps: EventCancellationStep[] = [
  // Cancels the bookings and notifies their holders. No message service in this
  // transaction: emails go through the outbox's sweep.
  async (tx, event, reason) => {
    await cancelBookingsOfEvent(tx, event, reason, { messages: null, publicUrl: null });
  },
];
