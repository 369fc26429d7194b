import type { OrderState } from "#contract/order-view.ts";
import type { RefundStatus } from "#contract/refund-status.ts";
import type { TicketStatus } from "#contract/ticket-status.ts";

/** The badge colour of each order state (the words are contract/order-view.ts's). */
export const orderStateColors: Record<OrderState, string> = {
  paid: "green",
  "pay-at-venue": "blue",
  free: "gray",
  "partly-refunded": "yellow",
  refunded: "orange",
  disputed: "red",
  cancelled: "gray",
};

export const ticketStatusLabels: Record<TicketStatus, string> = {
  valid: "Valid",
  "checked-in": "Checked in",
  cancelled: "Cancelled",
};

export const refundStatusLabels: Record<RefundStatus, string> = {
  requested: "Asked for",
  pending: "On its way",
  succeeded: "Refunded",
  failed: "Failed",
};
