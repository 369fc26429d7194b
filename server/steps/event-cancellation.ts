import { alertEventCancelled, alertEventChanged } from "#server/modules/alerts/system-alerts.ts";
import { cancelBookingsOfEvent } from "#server/modules/bookings/cancel-bookings.ts";
import type {
  EventCancellationStep,
  EventChangeStep,
} from "#server/modules/events/event-cancellation.ts";
import { recordEventRefunds } from "#server/modules/payments/refund-cancelled-bookings.ts";
import { closeListsOfCancelledEvent } from "#server/modules/waiting-list/lists-of-cancelled-event.ts";

/** What `events.cancel` does beyond the event itself, in order, in its transaction. */
export const eventCancellationSteps: readonly EventCancellationStep[] = [
  // Cancels the bookings and their tickets; the people concerned are told by a fan-out.
  async (tx, event, reason) => {
    await cancelBookingsOfEvent(tx, event, reason);
  },
  // Its waiting lists close (offers' holds were let go above), and those in line are told.
  async (tx, event, _reason, deps) => {
    await closeListsOfCancelledEvent(tx, event, deps);
  },
  // Every card-paid order just cancelled is refunded in full: recorded here, sent by the
  // payments' refund runner in batches after the commit (exactly once across restarts).
  async (tx, event, reason) => {
    await recordEventRefunds(tx, event, reason);
  },
  // Tells the teams working at the event, live (decision 020).
  async (tx, event) => {
    await alertEventCancelled(tx, event);
  },
];

/** What `events.update` does beyond the event when its time or venue changes. */
export const eventChangeSteps: readonly EventChangeStep[] = [
  // Tells the teams working at the event, live (decision 020).
  async (tx, event, lines) => {
    await alertEventChanged(tx, event, lines.join(" "));
  },
];
