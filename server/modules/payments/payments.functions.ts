import { z } from "zod";
import type { CheckoutQuote } from "#contract/checkout-view.ts";
import { attendeesInput, contactEmailInput } from "#server/modules/bookings/bookings.functions.ts";
import { loadHoldView } from "#server/modules/holds/hold-view.ts";
import { answersInput } from "#server/modules/questions/question-input.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
  type FunctionContext,
} from "#server/platform/callable/define-function.ts";
import { cardBlockedReason, holdEventFacts, priceHold } from "./checkout-quote.ts";
import { findCheckoutView, readCheckoutStatus } from "./checkout-status.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { providerOf } from "./provider-of.ts";
import { startCheckout } from "./start-checkout.ts";

/** The payments module's services for a call: the card provider of these settings, or null. */
function depsOf(ctx: FunctionContext): PaymentDeps {
  const { settings, messages, log } = ctx.services;
  return { db: ctx.db, settings, messages, log, provider: providerOf(settings) };
}

/**
 * What the caller's hold costs and how it is paid (the booking page's summary and its
 * Pay or Confirm button); the hold's checkout when the buyer comes back from paying.
 */
export async function quoteHold(
  deps: PaymentDeps,
  userId: string,
  holdId: string,
): Promise<CheckoutQuote> {
  const hold = await loadHoldView(deps.db, holdId, userId);
  const priced = priceHold(hold, await holdEventFacts(deps.db, hold), deps.settings);
  const blocked =
    priced.method === "card"
      ? cardBlockedReason(priced, deps.settings, deps.provider !== null)
      : null;
  const view = await findCheckoutView(deps.db, { holdId }, userId);
  const { facts: _, currencies: __, ...quote } = priced;
  return {
    ...quote,
    holdId,
    cardBlocked: blocked?.message ?? null,
    checkout: view ? (({ providerCheckoutId: ___, ...shown }) => shown)(view) : null,
  };
}

export const quoteCheckout = defineFunction({
  name: "payments.quote",
  input: z.object({ holdId: z.uuid("Choose a hold.") }),
  access: "signed-in",
  handler: (data, ctx) => quoteHold(depsOf(ctx), ctx.auth.userId, data.holdId),
});

export const startCardCheckout = defineFunction({
  name: "payments.startCheckout",
  input: z.object({
    holdId: z.uuid("Choose a hold."),
    attendees: attendeesInput,
    /** The order's answers (decision 037). */
    answers: answersInput,
    contactEmail: contactEmailInput,
  }),
  access: "signed-in",
  handler: (data, ctx) => startCheckout(depsOf(ctx), ctx.auth.userId, data),
});

export const getCheckoutStatus = defineFunction({
  name: "payments.checkoutStatus",
  input: z.object({ checkoutId: z.uuid("Choose a checkout.") }),
  access: "signed-in",
  handler: (data, ctx) => readCheckoutStatus(depsOf(ctx), ctx.auth.userId, data.checkoutId),
});

/** Card checkouts of holds (decision 028). */
export const paymentFunctions = [
  quoteCheckout,
  startCardCheckout,
  getCheckoutStatus,
] as const satisfies readonly AnyFunctionDefinition[];
