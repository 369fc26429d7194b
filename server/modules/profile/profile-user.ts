import { and, eq, isNull } from "drizzle-orm";
import type { CodeAttempt } from "#server/modules/accounts/one-time-codes.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import type { Services } from "#server/platform/runtime/services.ts";

export type ProfileDeps = { db: Database; services: Services };

export const SMS_CODE_LIFETIME_SECONDS = 10 * 60;

/** Codes sent per user (SMS costs money and can be used to pester a number). */
export const sendCodeRule: RateRule = {
  name: "profile.send_code",
  limit: 5,
  windowSeconds: 3600,
  blockSeconds: 600,
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

/** A failed guess at a profile code, next to the code field. */
export function codeError(attempt: Exclude<CodeAttempt, { ok: true }>) {
  const left = attempt.attemptsLeft;
  if (attempt.reason === "wrong" && left > 0) {
    return fieldError(
      "code",
      `That code is not right. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
    );
  }
  return fieldError("code", "This code has expired or was used up. Ask for a new one.");
}
