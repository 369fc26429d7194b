import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import {
  confirmIdentityForDeletion,
  type DeletionStep,
  deleteAccount,
  deletionConfirmed,
  deletionReasons,
  sendDeletionCode,
} from "./account-deletion.service.ts";
import { oidcProviderFrom } from "./oidc/oidc-provider.ts";
import { changePassword } from "./password-change.ts";
import { confirmPhoneChange, requestPhoneChange } from "./phone-change.ts";
import { getPreferences, preferencesInput, updatePreferences } from "./preferences.ts";
import {
  confirmEmail,
  getProfile,
  resendEmailVerification,
  updateProfile,
} from "./profile-details.ts";

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code.");

type ProfileSteps = {
  /** What other modules do when an account is deleted (server/steps/account-deletion.ts). */
  accountDeletion: readonly DeletionStep[];
};

export const getMyProfile = defineFunction({
  name: "profile.get",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => getProfile(ctx, ctx.auth.userId),
});

export const updateMyProfile = defineFunction({
  name: "profile.update",
  input: z.object({
    name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
    email: z.union([
      z.literal(""),
      z.email("Enter an email address like name@example.com.").max(254),
    ]),
  }),
  access: "signed-in",
  handler: (data, ctx) => updateProfile(ctx, ctx.auth.userId, data),
});

export const confirmProfileEmail = defineFunction({
  name: "profile.confirmEmail",
  input: z.object({ token: z.string().min(1).max(200) }),
  access: "signed-in",
  handler: (data, ctx) => confirmEmail(ctx, ctx.auth.userId, data.token),
});

export const resendProfileEmailVerification = defineFunction({
  name: "profile.resendEmailVerification",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => resendEmailVerification(ctx, ctx.auth.userId),
});

export const requestProfilePhoneChange = defineFunction({
  name: "profile.requestPhoneChange",
  input: z.object({
    phone: z.string().trim().min(1, "Enter a phone number.").max(40),
    region: z.string().length(2).optional(),
  }),
  access: "signed-in",
  handler: (data, ctx) => requestPhoneChange(ctx, ctx.auth.userId, data),
});

export const confirmProfilePhoneChange = defineFunction({
  name: "profile.confirmPhoneChange",
  input: z.object({ code }),
  access: "signed-in",
  handler: (data, ctx) => confirmPhoneChange(ctx, ctx.auth.userId, data.code),
});

export const changeMyPassword = defineFunction({
  name: "profile.changePassword",
  input: z.object({
    currentPassword: z.string().max(1000).optional(),
    newPassword: z.string().max(1000),
  }),
  access: "signed-in",
  handler: (data, ctx) => changePassword(ctx, ctx.auth, data),
});

export const getMyPreferences = defineFunction({
  name: "profile.getPreferences",
  input: z.null().optional(),
  access: "public",
  handler: (_data, ctx) => getPreferences(ctx),
});

export const updateMyPreferences = defineFunction({
  name: "profile.updatePreferences",
  input: preferencesInput,
  access: "public",
  handler: (data, ctx) => updatePreferences(ctx, data),
});

export const getExternalSignInProvider = defineFunction({
  name: "profile.externalSignInProvider",
  input: z.null().optional(),
  access: "public",
  handler: (_data, ctx) => {
    const provider = oidcProviderFrom(ctx.services.settings);
    return provider ? { name: provider.name } : null;
  },
});

export const sendAccountDeletionCode = defineFunction({
  name: "profile.sendDeletionCode",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => sendDeletionCode(ctx, ctx.auth.userId),
});

export const confirmDeletionIdentity = defineFunction({
  name: "profile.confirmIdentityForDeletion",
  input: z.object({
    reason: z.enum(deletionReasons).optional(),
    proof: z.discriminatedUnion("method", [
      z.object({
        method: z.literal("password"),
        password: z.string().min(1, "Enter your password.").max(1000),
      }),
      z.object({ method: z.literal("sms"), code }),
    ]),
  }),
  access: "signed-in",
  handler: (data, ctx) => confirmIdentityForDeletion(ctx, data.proof, data.reason),
});

export const getDeletionStatus = defineFunction({
  name: "profile.deletionStatus",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => ({ identityConfirmed: deletionConfirmed(ctx) }),
});

export const deleteMyAccount = ({ accountDeletion }: ProfileSteps) =>
  defineFunction({
    name: "profile.deleteAccount",
    input: z.object({ confirm: z.literal(true) }),
    access: "signed-in",
    handler: (_data, ctx) => deleteAccount(ctx, accountDeletion),
  });

/** Profile, settings and account deletion. */
export const profileFunctions = (steps: ProfileSteps) =>
  [
    getMyProfile,
    updateMyProfile,
    confirmProfileEmail,
    resendProfileEmailVerification,
    requestProfilePhoneChange,
    confirmProfilePhoneChange,
    changeMyPassword,
    getMyPreferences,
    updateMyPreferences,
    getExternalSignInProvider,
    sendAccountDeletionCode,
    confirmDeletionIdentity,
    getDeletionStatus,
    deleteMyAccount(steps),
  ] as const satisfies readonly AnyFunctionDefinition[];
