import { fieldError } from "#server/platform/callable/function-error.ts";
import { codeRequired, signInFailed } from "./account-errors.ts";
import { accountRateRules } from "./account-rules.ts";
import { type AccountsContext, codeTexts, consumeSendLimits, sendCode } from "./code-delivery.ts";
import { codeAttemptError } from "./code-errors.ts";
import { type Identifier, parseIdentifier } from "./identifiers.ts";
import { attemptCode, codeRules, issueCode } from "./one-time-codes.ts";
import { verifyAgainstDummy, verifyPassword } from "./password-hash.ts";
import { type PendingCode, pendingCodeOf } from "./pending-codes.ts";
import { findUserById, findUserByIdentifier, type UserRow } from "./users.ts";

function identifierOrFieldError(input: string, region: string | undefined): Identifier {
  const parsed = parseIdentifier(input, region);
  if (!parsed.ok) throw fieldError("identifier", parsed.message);
  return parsed.identifier;
}

/**
 * Phone or email and password. Every failure gives the same answer, and an unknown account
 * costs the same argon2 work as a wrong password. Attempts count per IP, and per account
 * and IP (the account by its id, so its phone and email share one count; an unknown
 * identifier by itself), each blocking for longer at every further strike. Tries from
 * devices the account never signed in on also count per account, from anywhere: past
 * that limit such a device is asked for a one-time code instead, whether the password is
 * right or wrong (so the answer says nothing), while the owner's known devices get in.
 */
export async function signInWithPassword(
  ctx: AccountsContext,
  input: { identifier: string; region?: string | undefined; password: string },
): Promise<{ userId: string }> {
  const identifier = identifierOrFieldError(input.identifier, input.region);
  const { rateLimiter, database, auth } = ctx.services;
  await rateLimiter.consume(accountRateRules.signInPerIp, ctx.client.ip);
  const user = await findUserByIdentifier(database.db, identifier);
  const accountKey = user ? `user:${user.id}` : `${identifier.kind}:${identifier.value}`;
  const fromHere = `${accountKey}@${ctx.client.ip}`;
  await rateLimiter.consume(accountRateRules.signInPerAccountAndIp, fromHere);
  if (!(user && auth.isKnownDevice(ctx.cookies, user.id))) {
    const tries = await rateLimiter.hit(accountRateRules.signInTriesPerAccount, accountKey);
    if (!tries.allowed) throw codeRequired();
  }
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) throw signInFailed();
  await rateLimiter.reset(accountRateRules.signInPerAccountAndIp, fromHere);
  const issued = await database.db.transaction((tx) => auth.startSession(tx, user.id, ctx.client));
  auth.writeSessionCookies(ctx.cookies, issued);
  return { userId: user.id };
}

/** Where a sign-in code goes: the phone typed, or a verified email, else the account's phone. */
function codeChannel(identifier: Identifier, user: UserRow | undefined) {
  if (!user) return null;
  if (identifier.kind === "email" && user.emailVerifiedAt && user.email) {
    return { channel: "email" as const, to: user.email };
  }
  return user.phone ? { channel: "sms" as const, to: user.phone } : null;
}

/**
 * Passwordless sign-in, step 1. The answer is the same whether or not an account exists:
 * a code row and a message are written either way, but only an account's owner is sent
 * its code (the other message is withheld).
 */
export async function requestSignInCode(
  ctx: AccountsContext,
  input: { identifier: string; region?: string | undefined },
): Promise<PendingCode> {
  const identifier = identifierOrFieldError(input.identifier, input.region);
  await consumeSendLimits(ctx, identifier.value);
  const { settings, database } = ctx.services;
  const code = await database.db.transaction(async (tx) => {
    const user = await findUserByIdentifier(tx, identifier);
    const delivery = codeChannel(identifier, user);
    const issued = await issueCode(tx, settings.APP_SECRET, {
      purpose: "sign_in",
      channel: delivery?.channel ?? (identifier.kind === "phone" ? "sms" : "email"),
      destination: identifier.value,
      userId: delivery ? (user?.id ?? null) : null,
      lifetimeSeconds: codeRules.codeLifetimeSeconds,
      kind: "digits",
    });
    // Nobody to send it to: the same work, withheld, so the answer's time tells nothing.
    await sendCode(
      tx,
      ctx,
      delivery?.channel ?? (identifier.kind === "phone" ? "sms" : "email"),
      delivery?.to ?? identifier.value,
      codeTexts.signIn(issued.secret),
      { withhold: !delivery },
    );
    return issued;
  });
  return pendingCodeOf(code.id, "sign_in", identifier.value, code.expiresAt);
}

/** Passwordless sign-in, step 2: the right code signs the account's owner in. */
export async function signInWithCode(
  ctx: AccountsContext,
  input: { verificationId: string; code: string },
): Promise<{ userId: string }> {
  const { settings, database, auth, rateLimiter } = ctx.services;
  await rateLimiter.consume(accountRateRules.codeCheckPerIp, ctx.client.ip);
  const outcome = await database.db.transaction(async (tx) => {
    const attempt = await attemptCode(
      tx,
      settings.APP_SECRET,
      { id: input.verificationId, purpose: "sign_in" },
      input.code,
    );
    if (!attempt.ok) return { error: codeAttemptError(attempt) };
    const user = attempt.row.userId ? await findUserById(tx, attempt.row.userId) : undefined;
    if (!user) return { error: codeAttemptError({ ok: false, reason: "wrong", attemptsLeft: 0 }) };
    return { userId: user.id, issued: await auth.startSession(tx, user.id, ctx.client) };
  });
  if ("error" in outcome) throw outcome.error;
  auth.writeSessionCookies(ctx.cookies, outcome.issued);
  return { userId: outcome.userId };
}
