import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { paymentDepsOf } from "./payment-deps.ts";
import { cancelPro, proSubscription, subscribePro } from "./pro-subscription.service.ts";

export const subscribeToPro = defineFunction({
  name: "payments.subscribePro",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => subscribePro(paymentDepsOf(ctx.services), ctx.auth.userId),
});

export const cancelProSubscription = defineFunction({
  name: "payments.cancelPro",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => cancelPro(paymentDepsOf(ctx.services), ctx.auth.userId),
});

export const getProSubscription = defineFunction({
  name: "payments.subscription",
  input: z.object({ returned: z.boolean().default(false) }).nullish(),
  access: "signed-in",
  handler: (data, ctx) =>
    proSubscription(paymentDepsOf(ctx.services), ctx.auth.userId, {
      returned: data?.returned ?? false,
    }),
});

/** The Pro plan billed by card: subscribe, cancel at the period's end, its state. Owners only. */
export const subscriptionFunctions = [
  subscribeToPro,
  cancelProSubscription,
  getProSubscription,
] as const satisfies readonly AnyFunctionDefinition[];
