import type { BookingStatus } from "#contract/booking-status.ts";
import { type CancellationPolicy, cancellationDeadline } from "#contract/cancellation-policy.ts";
import type { EventStatus } from "#contract/event-options.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";

/** Why the buyer may not cancel (bookings.cancel's `details.reason`) and what they read. */
export type CancellationRefusal = { reason: string; message: string };

export type CancellableBooking = {
  status: BookingStatus;
  event: { status: EventStatus; startsAt: string; timeZone: string };
  tickets: { id: string | null; status: TicketStatus }[];
};

/**
 * Whether the buyer may cancel `chosen` tickets of their booking (null: the whole
 * booking) at `now` under the event's policy, or why not: the one rule behind
 * bookings.cancel, bookings.cancellationQuote and BookingView.canCancel. The transaction
 * that cancels checks the deadline again against the database's clock.
 */
export function buyerCancellationRefusal(
  booking: CancellableBooking,
  policy: CancellationPolicy,
  now: Date,
  chosen: readonly string[] | null = null,
): CancellationRefusal | null {
  if (booking.status !== "confirmed") {
    return { reason: "cancelled", message: "This booking is already cancelled." };
  }
  if (booking.event.status === "cancelled") {
    return { reason: "event-cancelled", message: "This event was cancelled." };
  }
  if (new Date(booking.event.startsAt).getTime() <= now.getTime()) {
    return {
      reason: "started",
      message: "The event has started: bookings can no longer be cancelled.",
    };
  }
  const deadline = cancellationDeadline(policy, new Date(booking.event.startsAt));
  if (!deadline) {
    return {
      reason: "not-allowed",
      message: "The organiser does not allow cancelling bookings for this event.",
    };
  }
  if (now.getTime() > deadline.getTime()) return deadlinePassed(deadline, booking.event.timeZone);
  return ticketRefusal(booking.tickets, chosen);
}

/** The refusal of a cancellation asked after the policy's deadline, naming it. */
export function deadlinePassed(deadline: Date, timeZone: string): CancellationRefusal {
  return {
    reason: "deadline-passed",
    message: `Cancelling closed on ${formatEventTime(deadline, timeZone, { weekday: false })}, as the organiser's policy allows.`,
  };
}

/**
 * The chosen tickets (null: the whole booking) must all be valid: a ticket used at the
 * door cannot be cancelled, nor one already cancelled. A whole booking with a used
 * ticket is refused too (the buyer came).
 */
function ticketRefusal(
  tickets: CancellableBooking["tickets"],
  chosen: readonly string[] | null,
): CancellationRefusal | null {
  const picked = chosen ? tickets.filter((t) => t.id && chosen.includes(t.id)) : tickets;
  if (picked.some((ticket) => ticket.status === "checked-in")) {
    return {
      reason: "checked-in",
      message: "A ticket of this booking was already used at the door.",
    };
  }
  if (chosen && picked.some((ticket) => ticket.status === "cancelled")) {
    return { reason: "already-cancelled", message: "This ticket is already cancelled." };
  }
  return null;
}
