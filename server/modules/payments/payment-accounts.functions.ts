import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { readPaymentAccount, startAccountOnboarding } from "./payment-accounts.ts";
import { providerOf } from "./provider-of.ts";

/** The business's account at the card processor and whether cards are on here. */
export const getPaymentAccount = defineFunction({
  name: "payments.account",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) =>
    readPaymentAccount(ctx.db, ctx.auth.userId, {
      provider: providerOf(ctx.services.settings),
      settings: ctx.services.settings,
    }),
});

/** Makes the business's account once and answers a fresh onboarding link to send them to. */
export const connectPaymentAccount = defineFunction({
  name: "payments.connectAccount",
  input: z.null().optional(),
  access: "signed-in",
  handler: async (_data, ctx) => {
    const link = await startAccountOnboarding(ctx.db, ctx.auth.userId, {
      provider: providerOf(ctx.services.settings),
      settings: ctx.services.settings,
      publicUrl: ctx.services.settings.PUBLIC_URL,
    });
    ctx.log.info({ userId: ctx.auth.userId }, "payment account onboarding link made");
    return link;
  },
});

/**
 * The organiser's side of card payments: connecting the business's account (Stripe
 * Connect), for the owner of the business only (FAILED_PRECONDITION without one).
 */
export const paymentAccountFunctions = [
  getPaymentAccount,
  connectPaymentAccount,
] as const satisfies readonly AnyFunctionDefinition[];
