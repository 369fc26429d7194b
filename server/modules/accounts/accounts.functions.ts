import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { checkPassword, passwordLimits } from "./password-policy.ts";
import { requestPasswordReset, setNewPassword } from "./password-reset.ts";
import { codeStatus, resendCode } from "./pending-codes.ts";
import { parsePhoneNumber, phoneRegions } from "./phone-number.ts";
import { startRegistration, verifyRegistration } from "./registration.ts";
import { requestSignInCode, signInWithCode, signInWithPassword } from "./sign-in.ts";

// Inputs are checked here, at the edge; messages are written for the person at the form.
const region = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, "Choose a country from the list.")
  .optional()
  .transform((value) => value || undefined);
const password = z.string().max(1024, "Use at most 128 characters.");
const identifier = z
  .string()
  .trim()
  .min(1, "Enter your phone number or email address.")
  .max(254, "This is too long for a phone number or email address.");
const verificationId = z.uuid("This code request is not valid. Please start again.");
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code.");

export const getPasswordPolicy = defineFunction({
  name: "accounts.passwordPolicy",
  input: z
    .object({
      password: z.string().max(1024).optional(),
      phone: z.string().max(64).optional(),
      region,
      email: z.string().max(254).optional(),
    })
    .nullish(),
  access: "public",
  // The policy's one definition, for the page's live checklist: with a password, each
  // rule says whether it is met (the common-password list stays on the server).
  handler: (data) => {
    const phone = data?.phone ? parsePhoneNumber(data.phone, data.region) : null;
    const rules = checkPassword(data?.password ?? "", {
      phone: phone?.ok ? phone.e164 : null,
      email: data?.email ?? null,
    });
    return { ...passwordLimits, rules };
  },
});

export const listPhoneRegions = defineFunction({
  name: "accounts.phoneRegions",
  input: z.null().optional(),
  access: "public",
  // The deployment's country comes after the browser's languages (app/accounts/default-region.ts).
  handler: (_data, ctx) => ({
    regions: phoneRegions(),
    defaultRegion: ctx.services.settings.DEFAULT_COUNTRY,
  }),
});

export const registerAccount = defineFunction({
  name: "accounts.register",
  input: z.object({
    name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
    phone: z.string().trim().min(1, "Enter your phone number.").max(64),
    region,
    email: z
      .union([z.literal(""), z.email("This email address is not valid.").max(254)])
      .optional(),
    password,
  }),
  access: "public",
  handler: (data, ctx) => startRegistration(ctx, data),
});

export const getVerificationStatus = defineFunction({
  name: "accounts.verificationStatus",
  input: z.object({ verificationId }),
  access: "public",
  handler: (data, ctx) => codeStatus(ctx, data.verificationId),
});

export const resendVerificationCode = defineFunction({
  name: "accounts.resendCode",
  input: z.object({ verificationId }),
  access: "public",
  handler: (data, ctx) => resendCode(ctx, data.verificationId),
});

export const confirmRegistration = defineFunction({
  name: "accounts.verifyRegistration",
  input: z.object({ verificationId, code }),
  access: "public",
  handler: (data, ctx) => verifyRegistration(ctx, data),
});

export const signInAccount = defineFunction({
  name: "accounts.signIn",
  input: z.object({ identifier, region, password: password.min(1, "Enter your password.") }),
  access: "public",
  handler: (data, ctx) => signInWithPassword(ctx, data),
});

export const sendSignInCode = defineFunction({
  name: "accounts.requestSignInCode",
  input: z.object({ identifier, region }),
  access: "public",
  handler: (data, ctx) => requestSignInCode(ctx, data),
});

export const signInByCode = defineFunction({
  name: "accounts.signInWithCode",
  input: z.object({ verificationId, code }),
  access: "public",
  handler: (data, ctx) => signInWithCode(ctx, data),
});

export const sendPasswordReset = defineFunction({
  name: "accounts.requestPasswordReset",
  input: z.object({ identifier, region }),
  access: "public",
  handler: (data, ctx) => requestPasswordReset(ctx, data),
});

export const resetPassword = defineFunction({
  name: "accounts.setNewPassword",
  input: z.object({
    password,
    token: z.string().max(200).optional(),
    phone: z.string().max(64).optional(),
    region,
    code: z.string().max(20).optional(),
  }),
  access: "public",
  handler: (data, ctx) => setNewPassword(ctx, data),
});

/** Registration, SMS verification, sign-in, one-time codes, password reset. */
export const accountFunctions = [
  getPasswordPolicy,
  listPhoneRegions,
  registerAccount,
  getVerificationStatus,
  resendVerificationCode,
  confirmRegistration,
  signInAccount,
  sendSignInCode,
  signInByCode,
  sendPasswordReset,
  resetPassword,
] as const satisfies readonly AnyFunctionDefinition[];
