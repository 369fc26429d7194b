import { eq } from "drizzle-orm";
import { brandName } from "#contract/brand.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { accountRateRules } from "./account-rules.ts";
import { type AccountsContext, codeTexts, consumeSendLimits } from "./code-delivery.ts";
import { codeAttemptError } from "./code-errors.ts";
import { type Identifier, parseIdentifier } from "./identifiers.ts";
import {
  attemptCode,
  type CodeLookup,
  codeRules,
  issueCode,
  retireCodes,
} from "./one-time-codes.ts";
import { hashPassword } from "./password-hash.ts";
import { passwordProblem } from "./password-policy.ts";
import { parsePhoneNumber } from "./phone-number.ts";
import { findUserById, findUserByIdentifier } from "./users.ts";

/** The one answer of `/password`, whoever asks. */
export type ResetRequested = { channel: "sms" | "email"; destination: string };

/**
 * Forgot password. A phone gets a 6-digit code by SMS; an email address a link (30 min).
 * Known and unknown accounts do the same work (parse, limit, HMAC, the code row, a queued
 * message, withheld when there is nobody to send it to) and get the same answer.
 * Links go only to verified addresses: an unverified one may be someone else's.
 */
export async function requestPasswordReset(
  ctx: AccountsContext,
  input: { identifier: string; region?: string | undefined },
): Promise<ResetRequested> {
  const parsed = parseIdentifier(input.identifier, input.region);
  if (!parsed.ok) throw fieldError("identifier", parsed.message);
  const identifier = parsed.identifier;
  await consumeSendLimits(ctx, identifier.value);
  const { settings, database, messages } = ctx.services;
  await database.db.transaction(async (tx) => {
    const user = await findUserByIdentifier(tx, identifier);
    const byEmail = identifier.kind === "email";
    const owner = byEmail ? (user?.emailVerifiedAt ? user : undefined) : user;
    const purpose = byEmail ? "password_reset_link" : "password_reset";
    await retireCodes(tx, { purpose, destination: identifier.value });
    const code = await issueCode(tx, settings.APP_SECRET, {
      purpose,
      channel: byEmail ? "email" : "sms",
      destination: identifier.value,
      userId: owner?.id ?? null,
      lifetimeSeconds: byEmail
        ? codeRules.resetLinkLifetimeSeconds
        : codeRules.resetCodeLifetimeSeconds,
      kind: byEmail ? "link" : "digits",
    });
    // Someone without an account (or an unverified email) gets nothing, through the same
    // work as an owner: a message queued but withheld. The answer's time tells nothing.
    const withhold = !owner;
    if (byEmail) {
      const link = `${settings.PUBLIC_URL}/new_password?token=${code.id}.${code.secret}`;
      await messages.queueEmail(
        tx,
        {
          to: owner?.email ?? identifier.value,
          subject: `Set a new ${brandName} password`,
          text: `Someone (we hope you) asked to set a new password for your ${brandName} account.\n\nOpen this link within 30 minutes to choose one: ${link}\n\nIf it wasn't you, ignore this email: your password stays as it is.`,
        },
        { withhold },
      );
    } else {
      await messages.queueSms(tx, owner?.phone ?? identifier.value, codeTexts.reset(code.secret), {
        withhold,
      });
    }
  });
  return { channel: identifier.kind === "phone" ? "sms" : "email", destination: identifier.value };
}

export type NewPasswordInput = {
  password: string;
  /** From the email link: `{rowId}.{token}`. */
  token?: string | undefined;
  /** From the SMS: the phone and the 6-digit code. */
  phone?: string | undefined;
  region?: string | undefined;
  code?: string | undefined;
};

function lookupOf(input: NewPasswordInput): { lookup: CodeLookup; secret: string } {
  if (input.token) {
    const [id, secret] = input.token.split(".");
    if (!id || !secret || !/^[0-9a-f-]{36}$/i.test(id)) throw invalidLink();
    return { lookup: { id, purpose: "password_reset_link" }, secret };
  }
  const phone = parsePhoneNumber(input.phone ?? "", input.region);
  if (!phone.ok) throw fieldError("phone", phone.message);
  if (!/^\s*\d{6}\s*$/.test(input.code ?? "")) throw fieldError("code", "Enter the 6-digit code.");
  return {
    lookup: { purpose: "password_reset", destination: phone.e164 },
    secret: input.code ?? "",
  };
}

function invalidLink() {
  return new FunctionError(
    "FAILED_PRECONDITION",
    "This link is not valid any more. Ask for a new one.",
  );
}

/** Raised inside the transaction to undo it: the right code must stay usable. */
class PasswordRefused extends Error {
  readonly refusal: FunctionError;
  constructor(refusal: FunctionError) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * Sets the new password with the code or link, signs every session of the account out,
 * tells the owner by SMS and email, and signs this browser in with a new session.
 *
 * Nothing about the account is judged before its code is: the rules that need no account
 * (length, common passwords) first, so a weak password costs no attempt; the ones that
 * mention the account's phone or email only once the code proved right, so a wrong code
 * learns nothing of them. A password refused then leaves the code usable (rolled back).
 */
export async function setNewPassword(
  ctx: AccountsContext,
  input: NewPasswordInput,
): Promise<{ userId: string }> {
  const { lookup, secret } = lookupOf(input);
  const { settings, database, auth, messages, rateLimiter } = ctx.services;
  await rateLimiter.consume(accountRateRules.codeCheckPerIp, ctx.client.ip);
  const anyAccountProblem = passwordProblem(input.password, {});
  if (anyAccountProblem) throw fieldError("password", anyAccountProblem);
  const passwordHash = await hashPassword(input.password);
  let outcome: Awaited<ReturnType<typeof resetInTransaction>>;
  try {
    outcome = await database.db.transaction((tx) =>
      resetInTransaction(tx, { lookup, secret, password: input.password, passwordHash }),
    );
  } catch (error) {
    if (error instanceof PasswordRefused) throw error.refusal;
    throw error;
  }
  if ("error" in outcome) throw outcome.error;
  auth.writeSessionCookies(ctx.cookies, outcome.issued);
  return { userId: outcome.userId };

  async function resetInTransaction(
    tx: Executor,
    change: { lookup: CodeLookup; secret: string; password: string; passwordHash: string },
  ) {
    const attempt = await attemptCode(tx, settings.APP_SECRET, change.lookup, change.secret);
    if (!attempt.ok) {
      return { error: "id" in change.lookup ? invalidLink() : codeAttemptError(attempt) };
    }
    const user = attempt.row.userId ? await findUserById(tx, attempt.row.userId) : undefined;
    if (!user) {
      return {
        error:
          "id" in change.lookup
            ? invalidLink()
            : codeAttemptError({ ok: false, reason: "wrong", attemptsLeft: 0 }),
      };
    }
    const problem = passwordProblem(change.password, { phone: user.phone, email: user.email });
    if (problem) throw new PasswordRefused(fieldError("password", problem));
    await tx
      .update(users)
      .set({ passwordHash: change.passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await auth.revokeUserSessions(tx, user.id, "password_reset");
    if (user.phone)
      await messages.queueSms(tx, user.phone, codeTexts.passwordChanged(settings.PUBLIC_URL));
    if (user.email && user.emailVerifiedAt) {
      await messages.queueEmail(tx, {
        to: user.email,
        subject: `Your ${brandName} password was changed`,
        text: codeTexts.passwordChanged(settings.PUBLIC_URL),
      });
    }
    return { userId: user.id, issued: await auth.startSession(tx, user.id, ctx.client) };
  }
}

export type { Identifier };
