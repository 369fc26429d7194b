import type { BookingStatus, PaymentStatus } from "./booking-status.ts";
import type { AnswerView } from "./event-questions.ts";
import type { InvoiceSummary } from "./invoice-view.ts";
import type { RefundView } from "./refund-view.ts";
import type { TicketStatus } from "./ticket-status.ts";

// Built by server/modules/orders/ (orders.list, orders.get); shown by the organiser's
// pages /business/events/{id}/orders and /business/events/{id}/orders/{bookingId}.

/**
 * How an order stands for its organiser, one word per row of the list: its payment
 * state, or `cancelled` when it was cancelled without its money going back (venue, free,
 * or cancelled before refunds existed). Defined once: the filter, the counts, the CSV.
 */
export const orderStates = [
  "paid",
  "pay-at-venue",
  "free",
  "partly-refunded",
  "refunded",
  "disputed",
  "cancelled",
] as const;
export type OrderState = (typeof orderStates)[number];

export const orderStateLabels: Record<OrderState, string> = {
  paid: "Paid",
  "pay-at-venue": "Pay at venue",
  free: "Free",
  "partly-refunded": "Partly refunded",
  refunded: "Refunded",
  disputed: "Disputed",
  cancelled: "Cancelled",
};

/** Who bought: the account's name, and the phone and email of the booking (or the account). */
export type OrderBuyer = { name: string; phone: string | null; email: string | null };

/** One row of the orders list. */
export type OrderListItem = {
  id: string;
  reference: string;
  buyer: OrderBuyer;
  ticketCount: number;
  totalMinor: number;
  refundedMinor: number;
  currency: string;
  state: OrderState;
  createdAt: string;
};

/** A page of orders; `counts` per state (and `all`) for the search, before the state filter. */
export type OrderListView = {
  event: { id: string; title: string; timeZone: string };
  items: OrderListItem[];
  nextCursor: string | null;
  counts: Record<OrderState | "all", number>;
};

export type OrderTicketView = {
  id: string;
  typeName: string;
  attendeeName: string;
  /** The account holding it when it was passed on to someone else, else null. */
  holderName: string | null;
  status: TicketStatus;
  checkedInAt: string | null;
};

/** `unitPriceMinor` after the order's code; `discountMinor` what it took off each ticket. */
export type OrderLineView = {
  name: string;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
};

export const orderHistoryKinds = [
  "booked",
  "refund",
  "refund-settled",
  "assigned",
  "checked-in",
  "check-in-undone",
  "ticket-cancelled",
  "cancelled",
] as const;
export type OrderHistoryKind = (typeof orderHistoryKinds)[number];

/** One thing that happened to the order, in time order. */
export type OrderHistoryEntry = { at: string; kind: OrderHistoryKind; summary: string };

/** One order as its organiser sees it (`orders.get`). */
export type OrderView = OrderListItem & {
  eventId: string;
  eventTitle: string;
  timeZone: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentProvider: string;
  cardLast4: string | null;
  feesMinor: number;
  taxMinor: number;
  cancelledAt: string | null;
  /** The promo or access code it was booked with (decision 036), or null. */
  code: string | null;
  /** The answers to the event's questions (decision 037): the order's, then each ticket's. */
  answers: AnswerView[];
  lines: OrderLineView[];
  tickets: OrderTicketView[];
  refunds: RefundView[];
  invoices: InvoiceSummary[];
  history: OrderHistoryEntry[];
};

/** What resending a confirmation did: the channels it went by (in-app always). */
export type ResendResult = { channels: string[] };
