import type { IssuedSession } from "#server/platform/auth/auth-service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import { isUniqueViolation } from "#server/platform/db/db-errors.ts";
import { accountRateRules } from "./account-rules.ts";
import { type AccountsContext, codeTexts, consumeSendLimits } from "./code-delivery.ts";
import { codeAttemptError } from "./code-errors.ts";
import { sendEmailVerificationLink } from "./email-verification.ts";
import { attemptCode, codeRules, issueCode, retireCodes } from "./one-time-codes.ts";
import { hashPassword } from "./password-hash.ts";
import { passwordProblem } from "./password-policy.ts";
import { type PendingCode, pendingCodeOf } from "./pending-codes.ts";
import { parsePhoneNumber } from "./phone-number.ts";
import { findUserByIdentifier } from "./users.ts";

export type RegistrationInput = {
  name: string;
  phone: string;
  region?: string | undefined;
  email?: string | undefined;
  password: string;
};

/** What a registration code confirms, kept in the code's row until the phone is proven. */
type PendingRegistration = {
  name: string;
  phone: string;
  email: string | null;
  passwordHash: string;
};

/**
 * Step 1: checks the form, hashes the password, keeps the registration pending and sends
 * a code by SMS. A phone that already has an account gets the same answer (so this form
 * cannot tell anyone who is registered); its owner gets an SMS saying so instead of a
 * code, and the code stays unknown to everyone, so verification can only fail.
 */
export async function startRegistration(
  ctx: AccountsContext,
  input: RegistrationInput,
): Promise<PendingCode> {
  const phone = parsePhoneNumber(input.phone, input.region);
  if (!phone.ok) throw fieldError("phone", phone.message);
  const email = input.email?.trim() ? input.email.trim() : null;
  const problem = passwordProblem(input.password, { phone: phone.e164, email });
  if (problem) throw fieldError("password", problem);
  await consumeSendLimits(ctx, phone.e164);
  // Hashed on both paths: a registered phone must not answer faster.
  const passwordHash = await hashPassword(input.password);
  const { settings, database, messages } = ctx.services;
  const row = await database.db.transaction(async (tx) => {
    const existing = await findUserByIdentifier(tx, { kind: "phone", value: phone.e164 });
    await retireCodes(tx, { purpose: "register", destination: phone.e164 });
    const pending: PendingRegistration = {
      name: input.name.trim(),
      phone: phone.e164,
      email,
      passwordHash,
    };
    const code = await issueCode(tx, settings.APP_SECRET, {
      purpose: "register",
      channel: "sms",
      destination: phone.e164,
      userId: null,
      lifetimeSeconds: codeRules.codeLifetimeSeconds,
      kind: "digits",
      payload: existing ? { alreadyRegistered: true } : pending,
    });
    const text = existing
      ? codeTexts.alreadyRegistered(settings.PUBLIC_URL)
      : codeTexts.register(code.secret);
    await messages.queueSms(tx, phone.e164, text);
    return code;
  });
  return pendingCodeOf(row.id, "register", phone.e164, row.expiresAt);
}

/**
 * Step 2: the right code creates the account, verified phone and all, and signs the
 * person in; an email given is sent its verification link. Wrong codes spend one of 5 attempts (committed even though the call fails).
 */
export async function verifyRegistration(
  ctx: AccountsContext,
  input: { verificationId: string; code: string },
): Promise<{ userId: string; emailAdded: boolean }> {
  const { settings, database, auth, messages, rateLimiter } = ctx.services;
  await rateLimiter.consume(accountRateRules.codeCheckPerIp, ctx.client.ip);
  type Outcome =
    | { error: FunctionError }
    | { userId: string; emailAdded: boolean; issued: IssuedSession };
  let outcome: Outcome;
  try {
    outcome = await database.db.transaction(async (tx): Promise<Outcome> => {
      const attempt = await attemptCode(
        tx,
        settings.APP_SECRET,
        { id: input.verificationId, purpose: "register" },
        input.code,
      );
      if (!attempt.ok) return { error: codeAttemptError(attempt) };
      const pending = attempt.row.payload as Partial<PendingRegistration>;
      if (!pending.passwordHash || !pending.phone) {
        return { error: codeAttemptError({ ok: false, reason: "wrong", attemptsLeft: 0 }) };
      }
      const created = await createAccount(tx, pending as PendingRegistration);
      if (!created) return { error: phoneTaken() };
      if (!created.emailAdded) {
        await messages.queueSms(tx, created.phone, codeTexts.emailNotAdded());
      } else if (created.email) {
        // Registration's send limits covered this one too.
        const target = { userId: created.userId, email: created.email };
        await sendEmailVerificationLink(tx, { messages, settings }, target);
      }
      const issued = await auth.startSession(tx, created.userId, ctx.client);
      return { userId: created.userId, emailAdded: created.emailAdded, issued };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
  if ("error" in outcome) throw outcome.error;
  auth.writeSessionCookies(ctx.cookies, outcome.issued);
  return { userId: outcome.userId, emailAdded: outcome.emailAdded };
}

function phoneTaken(): FunctionError {
  return new FunctionError(
    "ALREADY_EXISTS",
    "This phone number already has an account. Sign in, or reset your password.",
  );
}

type Tx = Parameters<
  Parameters<AccountsContext["services"]["database"]["db"]["transaction"]>[0]
>[0];

/**
 * Inserts the user. Someone may have registered the phone meanwhile (the unique index
 * catches a true race); an email already used by another account is left out rather than
 * refused, and the person is told by SMS, having proven that they hold the phone.
 */
async function createAccount(tx: Tx, pending: PendingRegistration) {
  const phoneOwner = await findUserByIdentifier(tx, { kind: "phone", value: pending.phone });
  if (phoneOwner) return null;
  const emailOwner = pending.email
    ? await findUserByIdentifier(tx, { kind: "email", value: pending.email.toLowerCase() })
    : undefined;
  const email = emailOwner ? null : pending.email;
  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({
      name: pending.name,
      phone: pending.phone,
      phoneVerifiedAt: now,
      email,
      passwordHash: pending.passwordHash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("insert returned no user");
  return { userId: user.id, phone: pending.phone, email, emailAdded: email === pending.email };
}
