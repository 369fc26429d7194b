import { and, eq, inArray } from "drizzle-orm";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { type CodePurpose, verificationCodes } from "./accounts.schema.ts";
import { type AccountsContext, codeTexts, consumeSendLimits, sendCode } from "./code-delivery.ts";
import {
  type CodeRow,
  type CodeState,
  codeRules,
  codeState,
  lockedRow,
  reissueCode,
  resendAvailableAt,
} from "./one-time-codes.ts";
import { maskPhoneNumber } from "./phone-number.ts";
import { findUserById } from "./users.ts";

/** The codes a page tracks by id (/sms_verify, /access_to_account). */
export const trackedPurposes = ["register", "sign_in"] as const satisfies readonly CodePurpose[];
export type TrackedPurpose = (typeof trackedPurposes)[number];

/** What the code page shows: where it went, how long it lives, when a new one may come. */
export type PendingCode = {
  verificationId: string;
  purpose: TrackedPurpose;
  /** Masked phone for registration; sign-in codes do not say where they went. */
  destination: string | null;
  expiresAt: string;
  resendAvailableAt: string;
};

export type CodeStatus = PendingCode & { state: CodeState; attemptsLeft: number };

export function pendingCodeOf(
  id: string,
  purpose: TrackedPurpose,
  destination: string,
  expiresAt: Date,
): PendingCode {
  return {
    verificationId: id,
    purpose,
    destination: purpose === "register" ? maskPhoneNumber(destination) : null,
    expiresAt: expiresAt.toISOString(),
    resendAvailableAt: new Date(Date.now() + codeRules.resendCooldownSeconds * 1000).toISOString(),
  };
}

function statusOf(row: CodeRow): CodeStatus {
  return {
    verificationId: row.id,
    purpose: row.purpose as TrackedPurpose,
    destination: row.purpose === "register" ? maskPhoneNumber(row.destination) : null,
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: resendAvailableAt(row).toISOString(),
    state: codeState(row),
    attemptsLeft: Math.max(0, row.maxAttempts - row.attempts),
  };
}

async function trackedRow(ctx: AccountsContext, id: string): Promise<CodeRow> {
  const [row] = await ctx.services.database.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.id, id), inArray(verificationCodes.purpose, trackedPurposes)));
  if (!row) throw notFound();
  return row;
}

function notFound() {
  return new FunctionError("NOT_FOUND", "This code request does not exist. Please start again.");
}

export async function codeStatus(ctx: AccountsContext, id: string): Promise<CodeStatus> {
  return statusOf(await trackedRow(ctx, id));
}

/**
 * A new code for the same request, after the cooldown. Attempts start over, which the
 * per-destination send limit keeps to a few rounds an hour.
 */
export async function resendCode(ctx: AccountsContext, id: string): Promise<CodeStatus> {
  const row = await trackedRow(ctx, id);
  if (row.consumedAt) {
    throw new FunctionError("FAILED_PRECONDITION", "This code has already been used.");
  }
  const waitMs = resendAvailableAt(row).getTime() - Date.now();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new FunctionError(
      "RESOURCE_EXHAUSTED",
      `You can ask for a new code in ${seconds} seconds.`,
      { retryAfterSeconds: seconds },
    );
  }
  await consumeSendLimits(ctx, row.destination);
  const { settings, database } = ctx.services;
  const updated = await database.db.transaction(async (tx) => {
    const locked = await lockedRow(tx, { id, purpose: row.purpose });
    if (!locked || locked.consumedAt) throw notFound();
    const code = await reissueCode(tx, settings.APP_SECRET, locked, codeRules.codeLifetimeSeconds);
    const delivery = await deliveryOf(tx, ctx, locked, code.secret);
    if (delivery) await sendCode(tx, ctx, delivery.channel, delivery.to, delivery.text);
    return { ...locked, attempts: 0, createdAt: new Date(), expiresAt: code.expiresAt };
  });
  return statusOf(updated);
}

type Tx = Parameters<
  Parameters<AccountsContext["services"]["database"]["db"]["transaction"]>[0]
>[0];

/** Who gets a resent code, and what it says; null when nobody should (no such account). */
async function deliveryOf(tx: Tx, ctx: AccountsContext, row: CodeRow, secret: string) {
  if (row.purpose === "register") {
    const text = row.payload.alreadyRegistered
      ? codeTexts.alreadyRegistered(ctx.services.settings.PUBLIC_URL)
      : codeTexts.register(secret);
    return { channel: "sms" as const, to: row.destination, text };
  }
  if (!row.userId) return null;
  const user = await findUserById(tx, row.userId);
  const to = row.channel === "sms" ? user?.phone : user?.email;
  if (!to) return null;
  return { channel: row.channel, to, text: codeTexts.signIn(secret) };
}
