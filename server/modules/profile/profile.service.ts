import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { FunctionError } from "../../platform/callable/function-error.ts";
import type { Database, Executor } from "../../platform/db.ts";
import type { RateRule } from "../../platform/rate-limit/rate-limiter.ts";
import type { Services } from "../../platform/services.ts";
import { externalIdentities, users, verificationCodes } from "../accounts/accounts.schema.ts";
import { hashPassword, verifyPassword } from "../accounts/password-hash.ts";
import { passwordProblem } from "../accounts/password-policy.ts";
import { parsePhoneNumber } from "../accounts/phone-number.ts";
import { consumeCode, consumeLinkToken, issueCode } from "./one-time-codes.ts";
import { fieldError, isUniqueViolation } from "./profile-errors.ts";

export type ProfileDeps = { db: Database; services: Services };

export const EMAIL_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
export const SMS_CODE_LIFETIME_SECONDS = 10 * 60;

/** Codes sent per user (SMS costs money and can be used to pester a number). */
export const sendCodeRule: RateRule = {
  name: "profile.send_code",
  limit: 5,
  windowSeconds: 3600,
  blockSeconds: 600,
};
/** Guesses of the current password per user, with growing blocks. */
export const passwordCheckRule: RateRule = {
  name: "profile.password_check",
  limit: 5,
  windowSeconds: 900,
  blockSeconds: 900,
};

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

/** The signed-in user's live row; NOT_FOUND once deleted. */
export async function liveUser(tx: Executor, userId: string, lock = false) {
  const query = tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  const [user] = lock ? await query.for("update") : await query;
  if (!user) throw new FunctionError("NOT_FOUND", "This account no longer exists.");
  return user;
}

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

async function emailTakenByOther(tx: Executor, email: string, userId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deletedAt),
        ne(users.id, userId),
      ),
    );
  return Boolean(other);
}

/**
 * Saves the name at once. A new email address is only sent a link (24 h, single use);
 * the address on the account changes when the link is opened. An empty email removes it.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  input: { name: string; email: string | null },
): Promise<{ emailVerificationSent: boolean }> {
  const { settings, messages, rateLimiter } = deps.services;
  const current = await liveUser(deps.db, userId);
  const wanted = input.email?.trim() || null;
  if (wanted && wanted.toLowerCase() !== (current.email ?? "").toLowerCase()) {
    // Outside the transaction: the limiter has its own (PGlite has one connection).
    await rateLimiter.consume(sendCodeRule, userId);
  }
  return deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, userId, true);
    const newEmail = input.email?.trim() || null;
    const emailChanged = (newEmail ?? "").toLowerCase() !== (user.email ?? "").toLowerCase();
    await tx
      .update(users)
      .set({
        name: input.name,
        ...(emailChanged && newEmail === null ? { email: null, emailVerifiedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    if (!emailChanged || newEmail === null) return { emailVerificationSent: false };
    if (await emailTakenByOther(tx, newEmail, userId)) {
      throw fieldError("email", "This email address belongs to another account.");
    }
    const issued = await issueCode(tx, settings.APP_SECRET, {
      purpose: "email_verify",
      channel: "email",
      destination: newEmail,
      userId,
      lifetimeSeconds: EMAIL_LINK_LIFETIME_SECONDS,
      kind: "token",
    });
    const link = new URL("/profile", settings.PUBLIC_URL);
    link.searchParams.set("email_token", `${issued.id}.${issued.secret}`);
    await messages.queueEmail(tx, {
      to: newEmail,
      subject: "Confirm your email address",
      text: `Open this link within 24 hours to use ${newEmail} for your account:\n\n${link}\n\nIf you did not ask for this, ignore this email; nothing changes.`,
    });
    return { emailVerificationSent: true };
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
      const used = await consumeLinkToken(
        tx,
        deps.services.settings.APP_SECRET,
        "email_verify",
        link,
      );
      if (!used || used.userId !== userId) {
        throw new FunctionError(
          "FAILED_PRECONDITION",
          "This link has expired or was already used. Enter the address again to get a new one.",
        );
      }
      const email = used.destination;
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

async function phoneTakenByOther(tx: Executor, phone: string, userId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt), ne(users.id, userId)));
  return Boolean(other);
}

/** Sends a code to the new number; the number changes only when the code comes back. */
export async function requestPhoneChange(
  deps: ProfileDeps,
  userId: string,
  input: { phone: string; region?: string | undefined },
): Promise<{ phone: string }> {
  const parsed = parsePhoneNumber(input.phone, input.region);
  if (!parsed.ok) throw fieldError("phone", parsed.message);
  const phone = parsed.e164;
  const { settings, messages, rateLimiter } = deps.services;
  await rateLimiter.consume(sendCodeRule, userId);
  return deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, userId, true);
    if (user.phone === phone) throw fieldError("phone", "This is already your phone number.");
    if (await phoneTakenByOther(tx, phone, userId)) {
      throw fieldError("phone", "This phone number belongs to another account.");
    }
    const issued = await issueCode(tx, settings.APP_SECRET, {
      purpose: "phone_change",
      channel: "sms",
      destination: phone,
      userId,
      lifetimeSeconds: SMS_CODE_LIFETIME_SECONDS,
      kind: "digits",
    });
    await messages.queueSms(tx, phone, `Your code to confirm this phone number: ${issued.secret}`);
    return { phone };
  });
}

export async function confirmPhoneChange(
  deps: ProfileDeps,
  userId: string,
  code: string,
): Promise<{ phone: string }> {
  try {
    return await deps.db.transaction(async (tx) => {
      await liveUser(tx, userId, true);
      const checked = await consumeCode(
        tx,
        deps.services.settings.APP_SECRET,
        userId,
        "phone_change",
        code,
      );
      if (!checked.ok) throw codeError(checked.reason, checked.attemptsLeft);
      await tx
        .update(users)
        .set({ phone: checked.destination, phoneVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      return { phone: checked.destination };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fieldError("phone", "This phone number now belongs to another account.");
    }
    throw error;
  }
}

export function codeError(reason: "none" | "wrong" | "exhausted", attemptsLeft: number) {
  if (reason === "wrong") {
    return fieldError(
      "code",
      `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? "attempt" : "attempts"} left.`,
    );
  }
  return fieldError("code", "This code has expired or was used up. Ask for a new one.");
}

/**
 * Needs the current password (unless the account has none yet: external sign-in only),
 * and signs out every other device.
 */
export async function changePassword(
  deps: ProfileDeps,
  auth: { userId: string; sessionId: string },
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<{ otherSessionsSignedOut: true }> {
  const user = await liveUser(deps.db, auth.userId);
  const problem = passwordProblem(input.newPassword, { phone: user.phone, email: user.email });
  if (problem) throw fieldError("newPassword", problem);
  if (user.passwordHash) {
    await deps.services.rateLimiter.consume(passwordCheckRule, auth.userId);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ""))) {
      throw fieldError("currentPassword", "This is not your current password.");
    }
    await deps.services.rateLimiter.reset(passwordCheckRule, auth.userId);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await liveUser(tx, auth.userId, true);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, auth.userId));
    await deps.services.auth.revokeUserSessions(
      tx,
      auth.userId,
      "password_changed",
      auth.sessionId,
    );
  });
  return { otherSessionsSignedOut: true };
}
