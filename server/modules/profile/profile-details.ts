import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { externalIdentities, verificationCodes } from "#server/modules/accounts/accounts.schema.ts";
import {
  emailTakenByOther,
  sendEmailVerificationLink,
} from "#server/modules/accounts/email-verification.ts";
import { attemptLinkToken, retireCodes } from "#server/modules/accounts/one-time-codes.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { isUniqueViolation } from "#server/platform/db/db-errors.ts";
import { liveUser, type ProfileDeps, sendCodeRule } from "./profile-user.ts";

export type Profile = {
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  /** A new address waiting for its link to be clicked; the old one stays until then. */
  pendingEmail: string | null;
  phone: string | null;
  pendingPhone: string | null;
  hasPassword: boolean;
  externalSignIns: { provider: string; email: string | null }[];
};

async function pendingDestination(
  tx: Executor,
  userId: string,
  purpose: "email_verify" | "phone_change",
): Promise<string | null> {
  const [row] = await tx
    .select({ destination: verificationCodes.destination })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.destination ?? null;
}

export async function getProfile(deps: ProfileDeps, userId: string): Promise<Profile> {
  const user = await liveUser(deps.db, userId);
  const identities = await deps.db
    .select({ provider: externalIdentities.provider, email: externalIdentities.email })
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, userId));
  return {
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: await pendingDestination(deps.db, userId, "email_verify"),
    phone: user.phone,
    pendingPhone: await pendingDestination(deps.db, userId, "phone_change"),
    hasPassword: user.passwordHash !== null,
    externalSignIns: identities,
  };
}

/** An address typed again is the same one: case does not make it new. */
const sameEmail = (a: string | null, b: string | null) =>
  (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * Saves the name at once. A new email address, or the account's own one while it is not
 * verified, is sent a link (24 h, single use); the address on the account changes when
 * the link is opened. An empty email removes it.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  input: { name: string; email: string | null },
): Promise<{ emailVerificationSent: boolean }> {
  const { settings, messages, rateLimiter } = deps.services;
  const current = await liveUser(deps.db, userId);
  const wanted = input.email?.trim() || null;
  if (wanted && (!sameEmail(wanted, current.email) || current.emailVerifiedAt === null)) {
    // Outside the transaction: the limiter has its own (PGlite has one connection).
    await rateLimiter.consume(sendCodeRule, userId);
  }
  return deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, userId, true);
    const newEmail = input.email?.trim() || null;
    const emailChanged = !sameEmail(newEmail, user.email);
    await tx
      .update(users)
      .set({
        name: input.name,
        ...(emailChanged && newEmail === null ? { email: null, emailVerifiedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    if (newEmail === null || (!emailChanged && user.emailVerifiedAt !== null)) {
      // Back to the verified address (or none): a new one waiting for its link is dropped.
      await retireCodes(tx, { purpose: "email_verify", userId });
      return { emailVerificationSent: false };
    }
    if (await emailTakenByOther(tx, newEmail, userId)) {
      throw fieldError("email", "This email address belongs to another account.");
    }
    // The same address typed in another case keeps the account's spelling.
    const email = emailChanged ? newEmail : (user.email ?? newEmail);
    await sendEmailVerificationLink(tx, { messages, settings }, { userId, email });
    return { emailVerificationSent: true };
  });
}

/**
 * "Send again": a new link for the address waiting to be verified (a new one pending, or
 * the account's own while unverified); the earlier link stops working. Rate limited like
 * every code the profile sends.
 */
export async function resendEmailVerification(
  deps: ProfileDeps,
  userId: string,
): Promise<{ email: string }> {
  const { settings, messages, rateLimiter } = deps.services;
  await rateLimiter.consume(sendCodeRule, userId);
  return deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, userId, true);
    const pending = await pendingDestination(tx, userId, "email_verify");
    const email = pending ?? (user.emailVerifiedAt === null ? user.email : null);
    if (!email) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "There is no email address waiting to be verified.",
      );
    }
    if (await emailTakenByOther(tx, email, userId)) {
      throw new FunctionError(
        "ALREADY_EXISTS",
        "This email address now belongs to another account. Enter another one.",
      );
    }
    await sendEmailVerificationLink(tx, { messages, settings }, { userId, email });
    return { email };
  });
}

/** Opens an email link: the address becomes the account's, verified. Single use. */
export async function confirmEmail(
  deps: ProfileDeps,
  userId: string,
  link: string,
): Promise<{ email: string }> {
  try {
    return await deps.db.transaction(async (tx) => {
      const used = await attemptLinkToken(
        tx,
        deps.services.settings.APP_SECRET,
        "email_verify",
        link,
      );
      if (!used.ok || used.row.userId !== userId) {
        throw new FunctionError(
          "FAILED_PRECONDITION",
          "This link has expired or was already used. Enter the address again to get a new one.",
        );
      }
      const email = used.row.destination;
      await liveUser(tx, userId, true);
      await tx
        .update(users)
        .set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      return { email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new FunctionError(
        "ALREADY_EXISTS",
        "This email address now belongs to another account.",
      );
    }
    throw error;
  }
}
