import type { BookingStatus, PaymentStatus } from "#contract/booking-status.ts";
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
  refunded: "Refunded",
  disputed: "Paid, disputed with the bank",
};
