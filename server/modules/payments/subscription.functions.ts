import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
  type FunctionContext,
} from "#server/platform/callable/define-function.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import { cancelPro, proSubscription, subscribePro } from "./pro-subscription.service.ts";
import { providerOf } from "./provider-of.ts";

function depsOf(ctx: FunctionContext): PaymentDeps {
  const settings = ctx.services.settings;
  return {
    db: ctx.db,
    settings,
    messages: ctx.services.messages,
    log: ctx.log,
    provider: providerOf(settings),
  };
}

export const subscribeToPro = defineFunction({
  name: "payments.subscribePro",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => subscribePro(depsOf(ctx), ctx.auth.userId),
});

export const cancelProSubscription = defineFunction({
  name: "payments.cancelPro",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => cancelPro(depsOf(ctx), ctx.auth.userId),
});

export const getProSubscription = defineFunction({
  name: "payments.subscription",
  input: z.object({ returned: z.boolean().default(false) }).nullish(),
  access: "signed-in",
  handler: (data, ctx) =>
    proSubscription(depsOf(ctx), ctx.auth.userId, { returned: data?.returned ?? false }),
});

/** The Pro plan billed by card: subscribe, cancel at the period's end, its state. Owners only. */
export const subscriptionFunctions = [
  subscribeToPro,
  cancelProSubscription,
  getProSubscription,
] as const satisfies readonly AnyFunctionDefinition[];
