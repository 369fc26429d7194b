import { eq, inArray, or, sql } from "drizzle-orm";
import { rateKeysOfDestination } from "#server/modules/accounts/account-rules.ts";
import { externalIdentities, verificationCodes } from "#server/modules/accounts/accounts.schema.ts";
import { attemptCode, issueCode, retireCodes } from "#server/modules/accounts/one-time-codes.ts";
import { verifyPassword } from "#server/modules/accounts/password-hash.ts";
import { sessions } from "#server/platform/auth/auth.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rateLimits } from "#server/platform/db/platform.schema.ts";
import { readSignedValue, signValue } from "#server/platform/http/signed-value.ts";
import { outboundMessages } from "#server/platform/messages/messages.schema.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { PREFERENCES_COOKIE } from "./preferences.ts";
import {
  codeError,
  liveUser,
  type ProfileDeps,
  SMS_CODE_LIFETIME_SECONDS,
  sendCodeRule,
} from "./profile-user.ts";

export const deletionReasons = [
  "not_using",
  "privacy",
  "too_many_messages",
  "other_account",
  "other",
] as const;
export type DeletionReason = (typeof deletionReasons)[number];

/** Re-authentication attempts before deleting, per user, with growing blocks. */
export const reauthRule: RateRule = {
  name: "profile.reauth",
  limit: 5,
  windowSeconds: 900,
  blockSeconds: 900,
};

/** Proof that step 1 (re-authentication) passed: a signed HttpOnly cookie, 10 minutes. */
export const DELETION_COOKIE = "account_deletion";
const DELETION_PURPOSE = "account-deletion";
const DELETION_WINDOW_SECONDS = 10 * 60;

/** Sends a re-authentication code by SMS to the account's own number. */
export async function sendDeletionCode(
  deps: ProfileDeps,
  userId: string,
): Promise<{ sentTo: string }> {
  await deps.services.rateLimiter.consume(sendCodeRule, userId);
  return deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, userId, true);
    if (!user.phone) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "Your account has no phone number: use your password.",
      );
    }
    await retireCodes(tx, { purpose: "reauth", userId });
    const issued = await issueCode(tx, deps.services.settings.APP_SECRET, {
      purpose: "reauth",
      channel: "sms",
      destination: user.phone,
      userId,
      lifetimeSeconds: SMS_CODE_LIFETIME_SECONDS,
      kind: "digits",
    });
    await deps.services.messages.queueSms(
      tx,
      user.phone,
      `Your code to confirm deleting your account: ${issued.secret}. If this was not you, change your password.`,
    );
    return { sentTo: maskPhone(user.phone) };
  });
}

function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}…${phone.slice(-2)}`;
}

export type Reauthentication =
  | { method: "password"; password: string }
  | { method: "sms"; code: string };

/**
 * Step 1: proves it is the account holder (password or SMS code), rate limited, and
 * leaves a signed cookie bound to this user and session for the final step.
 */
export async function confirmIdentityForDeletion(
  ctx: FunctionContext & { auth: { userId: string; sessionId: string } },
  proof: Reauthentication,
  reason: DeletionReason | undefined,
): Promise<{ confirmBefore: number }> {
  const { userId, sessionId } = ctx.auth;
  const { rateLimiter, settings } = ctx.services;
  await rateLimiter.consume(reauthRule, userId);
  if (proof.method === "password") {
    const user = await liveUser(ctx.db, userId);
    if (!user.passwordHash) {
      throw fieldError("password", "Your account has no password: confirm with an SMS code.");
    }
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      throw fieldError("password", "This is not your password.");
    }
  } else {
    await ctx.db.transaction(async (tx) => {
      const checked = await attemptCode(
        tx,
        settings.APP_SECRET,
        { purpose: "reauth", userId },
        proof.code,
      );
      if (!checked.ok) throw codeError(checked);
    });
  }
  await rateLimiter.reset(reauthRule, userId);
  const value = { userId, sessionId, reason: reason ?? null };
  ctx.cookies.set(
    DELETION_COOKIE,
    signValue(settings.APP_SECRET, DELETION_PURPOSE, value, DELETION_WINDOW_SECONDS),
    {
      httpOnly: true,
      maxAge: DELETION_WINDOW_SECONDS,
    },
  );
  return { confirmBefore: Date.now() + DELETION_WINDOW_SECONDS * 1000 };
}

/** Whether this session passed step 1 in the last ten minutes. */
export function deletionConfirmed(ctx: FunctionContext): boolean {
  const value = readSignedValue(
    ctx.services.settings.APP_SECRET,
    DELETION_PURPOSE,
    ctx.cookies.get(DELETION_COOKIE),
  );
  return Boolean(
    ctx.auth && value && value.userId === ctx.auth.userId && value.sessionId === ctx.auth.sessionId,
  );
}

/** Final step: erases the account, signs out everywhere, clears this browser's cookies. */
export async function deleteAccount(
  ctx: FunctionContext & { auth: { userId: string } },
  steps: readonly DeletionStep[],
): Promise<{ deleted: true }> {
  if (!deletionConfirmed(ctx)) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "Confirm it is you first (password or SMS code), then delete within 10 minutes.",
    );
  }
  const value = readSignedValue(
    ctx.services.settings.APP_SECRET,
    DELETION_PURPOSE,
    ctx.cookies.get(DELETION_COOKIE),
  );
  await ctx.db.transaction(async (tx) => {
    // Through the auth service first, so its caches of live sessions forget them now.
    await ctx.services.auth.revokeUserSessions(tx, ctx.auth.userId, "account_deleted");
    await eraseAccount(tx, ctx.auth.userId, steps);
  });
  ctx.log.info({ userId: ctx.auth.userId, reason: value?.reason ?? null }, "account deleted");
  ctx.services.auth.clearSessionCookies(ctx.cookies);
  ctx.cookies.clear(DELETION_COOKIE);
  ctx.cookies.clear(PREFERENCES_COOKIE);
  return { deleted: true };
}

/**
 * A part of deleting an account that belongs to another module, run in the same
 * transaction before the personal data is erased (server/steps/account-deletion.ts).
 */
export type DeletionStep = (tx: Executor, userId: string) => Promise<void>;

/**
 * Erases the personal data and keeps the row, anonymised, so bookings still point at
 * it. One transaction: a failing step leaves the account as it was. The phone number
 * is freed because the unique indexes only cover live rows.
 */
export async function eraseAccount(
  tx: Executor,
  userId: string,
  steps: readonly DeletionStep[],
): Promise<void> {
  const user = await liveUser(tx, userId, true);
  for (const step of steps) await step(tx, userId);
  const destinations = [user.phone, user.email].filter((d): d is string => Boolean(d));
  await tx
    .delete(verificationCodes)
    .where(
      destinations.length > 0
        ? or(
            eq(verificationCodes.userId, userId),
            inArray(verificationCodes.destination, destinations),
          )
        : eq(verificationCodes.userId, userId),
    );
  if (destinations.length > 0) {
    // Every message to the account's phone or email, queued ones too: a queued row would
    // keep the number once delivered, and nothing is sent to a deleted account.
    await tx.delete(outboundMessages).where(inArray(outboundMessages.destination, destinations));
    // Rate counters keyed by the phone number or the address (codes sent to it, sign-ins).
    for (const { keys, prefixes } of destinations.map(rateKeysOfDestination)) {
      await tx
        .delete(rateLimits)
        .where(
          or(
            inArray(rateLimits.key, keys),
            ...prefixes.map((prefix) => sql`starts_with(${rateLimits.key}, ${prefix})`),
          ),
        );
    }
  }
  await tx.delete(externalIdentities).where(eq(externalIdentities.userId, userId));
  // Refresh tokens go with their sessions (on delete cascade).
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx
    .update(users)
    .set({
      name: null,
      phone: null,
      phoneVerifiedAt: null,
      email: null,
      emailVerifiedAt: null,
      passwordHash: null,
      roles: sql`'{}'::text[]`,
      preferences: {},
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
