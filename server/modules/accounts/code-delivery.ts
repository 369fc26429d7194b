import { brandName } from "#contract/brand.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { QueueOptions } from "#server/platform/messages/message-service.ts";
import { accountRateRules } from "./account-rules.ts";

/** What the accounts module needs of a function's context (tests build their own). */
export type AccountsContext = Pick<FunctionContext, "services" | "client" | "cookies" | "log">;

/**
 * Counts one code or link sent, per IP and per destination, before anything is written.
 * Outside any transaction: the limiter runs its own (on PGlite a nested one would wait
 * forever), and a refused request must still count.
 */
export async function consumeSendLimits(ctx: AccountsContext, destination: string) {
  await ctx.services.rateLimiter.consume(accountRateRules.codeSendPerIp, ctx.client.ip);
  await ctx.services.rateLimiter.consume(accountRateRules.codeSendPerDestination, destination);
}

export const codeTexts = {
  register: (code: string) =>
    `${code} is your ${brandName} code to create your account. It expires in 5 minutes. Never share it.`,
  alreadyRegistered: (publicUrl: string) =>
    `Someone tried to create a ${brandName} account with this phone number, which already has one. To get in, sign in or reset your password at ${publicUrl}/password. If this wasn't you, ignore this message.`,
  signIn: (code: string) =>
    `${code} is your ${brandName} sign-in code. It expires in 5 minutes. Never share it.`,
  reset: (code: string) =>
    `${code} is your ${brandName} code to set a new password. It expires in 10 minutes. Never share it.`,
  passwordChanged: (publicUrl: string) =>
    `Your ${brandName} password was just changed and your other devices were signed out. If this wasn't you, reset it at once: ${publicUrl}/password`,
  emailNotAdded: () =>
    `Welcome to ${brandName}. The email address you gave is already used by another account, so it was not added to yours. You can add another one in your profile.`,
};

/** Sends a 6-digit code by SMS, or by email when that is the channel. */
export async function sendCode(
  tx: Executor,
  ctx: AccountsContext,
  channel: "sms" | "email",
  to: string,
  text: string,
  options?: QueueOptions,
) {
  if (channel === "sms") {
    await ctx.services.messages.queueSms(tx, to, text, options);
  } else {
    const email = { to, subject: `Your ${brandName} code`, text };
    await ctx.services.messages.queueEmail(tx, email, options);
  }
}
