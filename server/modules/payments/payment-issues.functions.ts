import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { listEventPaymentIssues } from "./payment-issues.ts";

/**
 * An event's card payments that need the organiser: refunded late payments, amounts that
 * did not match, disputes. The event's owner only (NOT_FOUND otherwise).
 */
export const getEventPaymentIssues = defineFunction({
  name: "payments.eventPaymentIssues",
  input: z.object({ eventId: z.string().max(100) }),
  access: "signed-in",
  handler: (data, ctx) => listEventPaymentIssues(ctx.db, ctx.auth.userId, data.eventId),
});

/** What the organiser sees of their events' card payments. */
export const paymentIssueFunctions = [
  getEventPaymentIssues,
] as const satisfies readonly AnyFunctionDefinition[];
