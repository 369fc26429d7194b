import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { cancelOwnBooking, quoteCancellation } from "./buyer-cancellation.ts";
import { orderDepsOf } from "./order-deps.ts";

const cancellationInput = z.object({
  bookingId: z.uuid("Choose a booking."),
  /** Omitted: the whole booking. */
  ticketIds: z.array(z.uuid("Choose a ticket.")).min(1, "Choose at least one ticket.").optional(),
});

/**
 * The buyer cancels their booking or chosen tickets of it under the event's policy; card
 * money goes back less the policy's fee. Named under bookings (the buyer's pages), built
 * here: bookings cannot import payments.
 */
export const cancelBooking = defineFunction({
  name: "bookings.cancel",
  input: cancellationInput,
  access: "signed-in",
  handler: (data, ctx) => cancelOwnBooking(orderDepsOf(ctx.services), ctx.auth.userId, data),
});

/** What cancelling now would give back, and until when the policy allows it. */
export const quoteBookingCancellation = defineFunction({
  name: "bookings.cancellationQuote",
  input: cancellationInput,
  access: "signed-in",
  handler: (data, ctx) => quoteCancellation(ctx.db, ctx.auth.userId, data),
});

/** The buyer's own cancellation (docs/decisions/029). */
export const buyerCancellationFunctions = [
  cancelBooking,
  quoteBookingCancellation,
] as const satisfies readonly AnyFunctionDefinition[];
