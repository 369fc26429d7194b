import { z } from "zod";
import type { OrderRefundResult, RefundView } from "#contract/refund-view.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { cancelOrder } from "./cancel-order.ts";
import { requireOwnedOrder } from "./order-access.ts";
import { orderDepsOf } from "./order-deps.ts";
import { findRefundView } from "./refund-views.ts";
import { retryFailedRefund } from "./retry-refund.ts";

/** The organiser refunds (card) or cancels (venue, free) a whole order or chosen tickets. */
export const refundOrder = defineFunction({
  name: "orders.refund",
  input: z.object({
    bookingId: z.uuid("Choose an order."),
    /** null: every valid ticket of the order. */
    ticketIds: z.array(z.uuid()).min(1, "Choose at least one ticket.").nullable(),
    reason: z.string().trim().max(500, "At most 500 characters.").default(""),
  }),
  access: "signed-in",
  handler: async (data, ctx): Promise<OrderRefundResult> => {
    await requireOwnedOrder(ctx.db, ctx.auth.userId, data.bookingId);
    const deps = orderDepsOf(ctx.services);
    const done = await ctx.db.transaction((tx) =>
      cancelOrder(tx, deps, {
        bookingId: data.bookingId,
        ticketIds: data.ticketIds,
        source: "organizer",
        reason: data.reason || null,
        requestedBy: ctx.auth.userId,
        feePercent: 0,
      }),
    );
    await done.send();
    return {
      cancelledTicketIds: done.cancelledTicketIds,
      refund: done.refund ? await findRefundView(ctx.db, done.refund.id) : null,
    };
  },
});

/** The organiser tries a failed refund again (a new attempt at the provider). */
export const retryRefund = defineFunction({
  name: "orders.retryRefund",
  input: z.object({ refundId: z.uuid("Choose a refund.") }),
  access: "signed-in",
  handler: (data, ctx): Promise<RefundView> =>
    retryFailedRefund(orderDepsOf(ctx.services), ctx.auth.userId, data.refundId),
});

/** Refunds and cancellations by the organiser (docs/decisions/029). */
export const orderRefundFunctions = [
  refundOrder,
  retryRefund,
] as const satisfies readonly AnyFunctionDefinition[];
