import type { BookingStatus, PaymentStatus } from "./booking-status.ts";
import type { AnswerView } from "./event-questions.ts";
import type { EventSummary } from "./event-summary.ts";
import type { TicketStatus } from "./ticket-status.ts";

// Built by server/modules/bookings/booking-view.ts; shown by the order pages.

/** A booking as the list of orders shows it. */
export type BookingSummary = {
  id: string;
  reference: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentProvider: string;
  /** Everything paid or to pay: tickets + fees + added tax. */
  totalMinor: number;
  /** The booking fee within the total (card payments), 0 otherwise. */
  feesMinor: number;
  /** Tax added on top within the total (exclusive rates), 0 otherwise. */
  taxMinor: number;
  currency: string;
  ticketCount: number;
  createdAt: string;
  cancelledAt: string | null;
  event: EventSummary;
};

/** One booking with its lines and tickets, as its owner (or a visitor with its reference) sees it. */
export type BookingView = BookingSummary & {
  items: {
    ticketTypeId: string;
    name: string;
    quantity: number;
    /** After the code's discount. */
    unitPriceMinor: number;
    /** Taken off each ticket by the booking's code, 0 without one. */
    discountMinor: number;
    currency: string;
  }[];
  /** The promo or access code it was booked with, or null. */
  code: string | null;
  /** The answers given at checkout (decision 037); empty in the view a visitor gets by reference. */
  answers: AnswerView[];
  /** `id` is null in the view a visitor gets by reference and contact. */
  tickets: {
    id: string | null;
    ticketTypeName: string;
    attendeeName: string;
    status: TicketStatus;
  }[];
  /** Whether its owner may cancel it now (confirmed, event allows it and has not started). */
  canCancel: boolean;
};
