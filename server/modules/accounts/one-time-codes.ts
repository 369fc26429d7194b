import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { type CodePurpose, verificationCodes } from "./accounts.schema.ts";

/**
 * One-time codes (6 digits, by SMS or email) and link tokens (by email), for every flow
 * that sends one: registration, sign-in by code, password reset, and the profile's phone
 * change, email verification and re-authentication before deletion. Only an
 * HMAC-SHA256 keyed by APP_SECRET is stored, so a copy of the table gives no codes; the
 * row's id is mixed in, so two people handed the same six digits never collide on the
 * unique hash, and a code is only good for its own row.
 */
export type CodeRow = typeof verificationCodes.$inferSelect;

export const codeRules = {
  /** Registration and sign-in codes live 5 minutes; reset codes a little longer. */
  codeLifetimeSeconds: 5 * 60,
  resetCodeLifetimeSeconds: 10 * 60,
  resetLinkLifetimeSeconds: 30 * 60,
  maxAttempts: 5,
  /** A new code for the same row may be asked for this long after the last one. */
  resendCooldownSeconds: 45,
} as const;

export function newDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCode(appSecret: string, rowId: string, secret: string): string {
  return createHmac("sha256", appSecret).update(`${rowId}:${secret}`).digest("base64url");
}

export function codeMatches(
  appSecret: string,
  row: Pick<CodeRow, "id" | "codeHash">,
  secret: string,
) {
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hashCode(appSecret, row.id, secret));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type NewCode = {
  purpose: CodePurpose;
  channel: "sms" | "email";
  destination: string;
  userId: string | null;
  lifetimeSeconds: number;
  kind: "digits" | "link";
  payload?: Record<string, unknown>;
};

export type IssuedCode = { id: string; secret: string; expiresAt: Date };

/** Writes a new code and returns its secret, the only time it exists in clear. */
export async function issueCode(
  tx: Executor,
  appSecret: string,
  code: NewCode,
): Promise<IssuedCode> {
  const id = randomUUID();
  const secret = code.kind === "digits" ? newDigits() : newLinkToken();
  const expiresAt = new Date(Date.now() + code.lifetimeSeconds * 1000);
  await tx.insert(verificationCodes).values({
    id,
    purpose: code.purpose,
    channel: code.channel,
    destination: code.destination,
    userId: code.userId,
    codeHash: hashCode(appSecret, id, secret),
    maxAttempts: codeRules.maxAttempts,
    payload: code.payload ?? {},
    expiresAt,
  });
  return { id, secret, expiresAt };
}

/**
 * A fresh code for an existing row (resend): new secret, attempts and life start over.
 * The caller has checked the cooldown.
 */
export async function reissueCode(
  tx: Executor,
  appSecret: string,
  row: CodeRow,
  lifetimeSeconds: number,
): Promise<IssuedCode> {
  const secret = newDigits();
  const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
  await tx
    .update(verificationCodes)
    .set({
      codeHash: hashCode(appSecret, row.id, secret),
      attempts: 0,
      createdAt: new Date(),
      expiresAt,
    })
    .where(eq(verificationCodes.id, row.id));
  return { id: row.id, secret, expiresAt };
}

export type CodeState = "pending" | "used" | "expired" | "exhausted";

export function codeState(row: CodeRow, now = new Date()): CodeState {
  if (row.consumedAt) return "used";
  if (row.attempts >= row.maxAttempts) return "exhausted";
  if (row.expiresAt <= now) return "expired";
  return "pending";
}

export function resendAvailableAt(row: CodeRow): Date {
  return new Date(row.createdAt.getTime() + codeRules.resendCooldownSeconds * 1000);
}

export type CodeAttempt =
  | { ok: true; row: CodeRow }
  | {
      ok: false;
      reason: Exclude<CodeState, "pending"> | "wrong" | "missing";
      attemptsLeft: number;
    };

/**
 * One guess at a row's code, in the caller's transaction. The row is locked first
 * (`for update`), so parallel guesses are counted one after another: with 5 attempts,
 * the 6th guess fails even when it is right. A right guess consumes the row (single use).
 * A wrong guess is a result, not an exception, so the caller commits the spent attempt.
 */
export async function attemptCode(
  tx: Executor,
  appSecret: string,
  where: CodeLookup,
  secret: string,
): Promise<CodeAttempt> {
  const row = await lockedRow(tx, where);
  if (!row) return { ok: false, reason: "missing", attemptsLeft: 0 };
  const state = codeState(row);
  if (state !== "pending") return { ok: false, reason: state, attemptsLeft: 0 };
  const attempts = row.attempts + 1;
  const right = codeMatches(appSecret, row, secret.trim());
  await tx
    .update(verificationCodes)
    .set(right ? { attempts, consumedAt: new Date(), payload: {} } : { attempts })
    .where(eq(verificationCodes.id, row.id));
  // The caller gets the payload it confirms; the row keeps none once used.
  if (right) return { ok: true, row: { ...row, attempts, consumedAt: new Date() } };
  return { ok: false, reason: "wrong", attemptsLeft: Math.max(0, row.maxAttempts - attempts) };
}

/**
 * A code by its row (ids are handed to the page), or the newest for a destination, or the
 * newest of a signed-in user (the profile's flows).
 */
export type CodeLookup =
  | { id: string; purpose: CodePurpose }
  | { purpose: CodePurpose; destination: string }
  | { purpose: CodePurpose; userId: string };

function lookupCondition(where: CodeLookup) {
  const purpose = eq(verificationCodes.purpose, where.purpose);
  if ("id" in where) return and(eq(verificationCodes.id, where.id), purpose);
  if ("userId" in where) return and(eq(verificationCodes.userId, where.userId), purpose);
  return and(eq(verificationCodes.destination, where.destination), purpose);
}

export async function lockedRow(tx: Executor, where: CodeLookup): Promise<CodeRow | undefined> {
  // By destination or user: the newest code counts; earlier ones were replaced by it.
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(lookupCondition(where))
    .orderBy(sql`${verificationCodes.createdAt} desc`)
    .limit(1)
    .for("update");
  return row;
}

/** Ends the live codes of a purpose for a destination or a user (a new one replaces them). */
export async function retireCodes(
  tx: Executor,
  where: Exclude<CodeLookup, { id: string }>,
): Promise<void> {
  // The payload goes too: a pending registration's password hash must not outlive its use.
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date(), payload: {} })
    .where(and(lookupCondition(where), sql`${verificationCodes.consumedAt} is null`));
}

/**
 * An email link's code: links carry the row id with the token (`{id}.{token}`), so a
 * link works whoever opens it; the token is still checked against the stored HMAC, and
 * a wrong one spends an attempt like a wrong code.
 */
export async function attemptLinkToken(
  tx: Executor,
  appSecret: string,
  purpose: CodePurpose,
  link: string,
): Promise<CodeAttempt> {
  const [id, token] = link.split(".");
  if (!id || !token || !/^[0-9a-f-]{36}$/.test(id)) {
    return { ok: false, reason: "missing", attemptsLeft: 0 };
  }
  return attemptCode(tx, appSecret, { id, purpose }, token);
}
