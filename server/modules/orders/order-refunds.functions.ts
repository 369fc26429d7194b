import { z } from "zod";
import type { OrderRefundResult, RefundView } from "#contract/refund-view.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";

// CONTRACT STUBS (lead): the inputs and outputs are final; the handlers are built by the
// refunds work (cancel-order.ts), which replaces these bodies.
const notYet = (): never => {
  throw new FunctionError("FAILED_PRECONDITION", "Not available yet.", { reason: "not-built" });
};

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
  handler: async (_data, _ctx): Promise<OrderRefundResult> => notYet(),
});

/** The organiser tries a failed refund again (a new attempt at the provider). */
export const retryRefund = defineFunction({
  name: "orders.retryRefund",
  input: z.object({ refundId: z.uuid("Choose a refund.") }),
  access: "signed-in",
  handler: async (_data, _ctx): Promise<RefundView> => notYet(),
});

/** Refunds and cancellations by the organiser (docs/decisions/029). */
export const orderRefundFunctions = [
  refundOrder,
  retryRefund,
] as const satisfies readonly AnyFunctionDefinition[];
