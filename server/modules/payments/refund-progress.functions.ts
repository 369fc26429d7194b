import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { eventRefundProgress } from "./refund-progress.ts";

/**
 * How an event's refunds are going (a cancelled event's, mostly): counts and amounts by
 * status, the failed ones listed. The event's owner only (NOT_FOUND otherwise).
 */
export const getEventRefunds = defineFunction({
  name: "payments.eventRefunds",
  input: z.object({ eventId: z.string().max(100) }),
  access: "signed-in",
  handler: (data, ctx) => eventRefundProgress(ctx.db, ctx.auth.userId, data.eventId),
});

/** What the organiser sees of their events' refunds. */
export const refundProgressFunctions = [
  getEventRefunds,
] as const satisfies readonly AnyFunctionDefinition[];
