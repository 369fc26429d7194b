import { z } from "zod";
import { bookingStatuses, paymentStatuses } from "#contract/booking-status.ts";
import { invoiceKinds } from "#contract/invoice-view.ts";
import { orderHistoryKinds, orderStates } from "#contract/order-view.ts";
import { refundSources, refundStatuses } from "#contract/refund-status.ts";
import { ticketStatuses } from "#contract/ticket-status.ts";
import { answerOutput } from "#server/modules/questions/answer-api-output.ts";
import { currencyCode, isoInstant, minorUnits } from "#server/platform/callable/api-output.ts";

// The answers of `orders.list` and `orders.get` as JSON (decision 038): OrderListView and
// OrderView of contract/order-view.ts.

const orderState = z
  .enum(orderStates)
  .describe("How the order stands: its payment, or cancelled without money going back.");

const orderListItemShape = {
  id: z.string().describe("The order's (booking's) id, for orders.get."),
  reference: z.string().describe("The reference the buyer sees."),
  buyer: z.strictObject({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  ticketCount: z.number().int(),
  totalMinor: minorUnits("What the buyer paid or owes"),
  refundedMinor: minorUnits("What went back to the buyer"),
  currency: currencyCode,
  state: orderState,
  createdAt: isoInstant,
};

export const orderListOutput = z.strictObject({
  event: z.strictObject({ id: z.string(), title: z.string(), timeZone: z.string() }),
  items: z.array(z.strictObject(orderListItemShape)),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null: last."),
  counts: z
    .strictObject(
      Object.fromEntries(
        [...orderStates, "all" as const].map((state) => [state, z.number().int()]),
      ) as Record<(typeof orderStates)[number] | "all", z.ZodNumber>,
    )
    .describe("Orders per state (and all) matching the query, before the state filter."),
});

const refundOutput = z.strictObject({
  id: z.string(),
  bookingId: z.string(),
  source: z.enum(refundSources),
  reason: z.string().nullable(),
  status: z.enum(refundStatuses),
  amountMinor: minorUnits("Refunded"),
  keptMinor: minorUnits("Kept back under the cancellation policy"),
  currency: currencyCode,
  ticketCount: z.number().int().describe("Tickets the refund cancelled."),
  attempt: z.number().int(),
  failure: z.string().nullable().describe("Why the last attempt failed (status failed)."),
  createdAt: isoInstant,
  settledAt: isoInstant.nullable(),
});

const invoiceSummaryOutput = z.strictObject({
  id: z.string(),
  kind: z.enum(invoiceKinds),
  number: z.string().describe("The printed number, e.g. INV-000042."),
  issuedAt: isoInstant,
  totalMinor: minorUnits("The document's total"),
  currency: currencyCode,
});

export const orderOutput = z.strictObject({
  ...orderListItemShape,
  eventId: z.string(),
  eventTitle: z.string(),
  timeZone: z.string(),
  status: z.enum(bookingStatuses),
  paymentStatus: z.enum(paymentStatuses),
  paymentProvider: z.string(),
  cardLast4: z.string().nullable(),
  feesMinor: minorUnits("Booking fees"),
  taxMinor: minorUnits("Tax"),
  cancelledAt: isoInstant.nullable(),
  code: z.string().nullable().describe("The promo or access code it was booked with."),
  answers: z.array(answerOutput),
  lines: z.array(
    z.strictObject({
      name: z.string(),
      quantity: z.number().int(),
      unitPriceMinor: minorUnits("One ticket's price after the order's code"),
      discountMinor: minorUnits("What the code took off each ticket"),
    }),
  ),
  tickets: z.array(
    z.strictObject({
      id: z.string(),
      typeName: z.string(),
      attendeeName: z.string(),
      holderName: z
        .string()
        .nullable()
        .describe("The account holding it when passed on to someone else."),
      status: z.enum(ticketStatuses),
      checkedInAt: isoInstant.nullable(),
    }),
  ),
  refunds: z.array(refundOutput),
  invoices: z.array(invoiceSummaryOutput),
  history: z.array(
    z.strictObject({ at: isoInstant, kind: z.enum(orderHistoryKinds), summary: z.string() }),
  ),
});
