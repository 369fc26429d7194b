import { z } from "zod";
import { orderStates } from "#contract/order-view.ts";
import { resendConfirmation } from "#server/modules/bookings/resend-confirmation.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { requireOwnedOrder } from "./order-access.ts";
import { orderListOutput, orderOutput } from "./order-api-output.ts";
import { getOrder } from "./order-detail.ts";
import { exportBatch, orderExportKinds } from "./order-exports.ts";
import { listOrders, ORDER_PAGE_SIZE } from "./order-list.ts";

const eventId = z.string().trim().min(1, "Choose an event.").max(100);

/** The orders of one of the caller's events: searched, filtered by state, a page at a time. */
export const listEventOrders = defineFunction({
  name: "orders.list",
  input: z.object({
    eventId,
    query: z.string().trim().max(100, "At most 100 characters.").optional(),
    payment: z.enum(orderStates).optional().describe("Only the orders in this state."),
    cursor: z.string().max(200).optional().describe("The last page's nextCursor."),
    limit: z.number().int().min(1).max(100).default(ORDER_PAGE_SIZE),
  }),
  access: "signed-in",
  api: {
    scope: "orders:read",
    summary: "An event's orders, newest first: searched, filtered by state, a page at a time.",
    output: orderListOutput,
  },
  handler: (data, ctx) =>
    listOrders(ctx.db, ctx.auth.userId, {
      eventId: data.eventId,
      query: data.query,
      state: data.payment,
      cursor: data.cursor,
      limit: data.limit,
    }),
});

/** One order of the caller's events: tickets, lines, money, refunds, invoices, history. */
export const getEventOrder = defineFunction({
  name: "orders.get",
  input: z.object({ bookingId: z.uuid("Choose an order.") }),
  access: "signed-in",
  api: {
    scope: "orders:read",
    summary: "One order: its tickets, lines, money, refunds, invoices and history.",
    output: orderOutput,
  },
  handler: (data, ctx) => getOrder(ctx.db, ctx.auth.userId, data.bookingId),
});

/** The organiser has an order's confirmation and tickets sent to its buyer again. */
export const resendOrder = defineFunction({
  name: "orders.resend",
  input: z.object({ bookingId: z.uuid("Choose an order.") }),
  access: "signed-in",
  handler: async (data, ctx) => {
    await requireOwnedOrder(ctx.db, ctx.auth.userId, data.bookingId);
    return resendConfirmation(
      {
        db: ctx.db,
        messages: ctx.services.messages,
        publicUrl: ctx.services.settings.PUBLIC_URL,
        rateLimiter: ctx.services.rateLimiter,
      },
      data.bookingId,
    );
  },
});

/** One batch of the orders or attendees CSV of one of the caller's events (keyset paged). */
export const exportEventOrders = defineFunction({
  name: "orders.exportCsv",
  input: z.object({
    eventId,
    kind: z.enum(orderExportKinds),
    cursor: z.string().max(200).optional(),
  }),
  access: "signed-in",
  handler: (data, ctx) => exportBatch(ctx.db, ctx.auth.userId, data),
});

/** The organiser's orders of an event (docs/decisions/029). */
export const orderFunctions = [
  listEventOrders,
  getEventOrder,
  resendOrder,
  exportEventOrders,
] as const satisfies readonly AnyFunctionDefinition[];
