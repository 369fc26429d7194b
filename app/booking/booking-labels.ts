import type { BookingStatus, PaymentStatus } from "#contract/booking-status.ts";
import type { BookingSummary } from "#contract/booking-view.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";

/** Each status in words, with the colour of its badge. */
export const bookingStatusLabels: Record<BookingStatus, { label: string; color: string }> = {
  confirmed: { label: "Confirmed", color: "green" },
  cancelled: { label: "Cancelled", color: "red" },
  refunded: { label: "Refunded", color: "gray" },
};

export const ticketStatusLabels: Record<TicketStatus, { label: string; color: string }> = {
  valid: { label: "Valid", color: "green" },
  "checked-in": { label: "Checked in", color: "blue" },
  cancelled: { label: "Cancelled", color: "red" },
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  "not-required": "Free: nothing to pay",
  unpaid: "To pay at the venue",
  paid: "Paid",
  "partly-refunded": "Paid, partly refunded",
  refunded: "Refunded",
  disputed: "Paid, disputed with the bank",
};

/** How a card payment's states read (the booking was paid in a hosted checkout). */
const cardPaymentLabels: Partial<Record<PaymentStatus, string>> = {
  paid: "Paid by card",
  "partly-refunded": "Paid by card, partly refunded",
  refunded: "Refunded to your card",
  disputed: "Paid by card, disputed with the bank",
};

/** The payment line of a booking: "Paid by card", "To pay at the venue", … */
export function paymentLabel(booking: Pick<BookingSummary, "paymentStatus" | "paymentProvider">) {
  const card =
    booking.paymentProvider === "stripe" ? cardPaymentLabels[booking.paymentStatus] : null;
  return card ?? paymentStatusLabels[booking.paymentStatus];
}
