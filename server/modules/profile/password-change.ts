import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "#server/modules/accounts/password-hash.ts";
import { passwordProblem } from "#server/modules/accounts/password-policy.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { liveUser, type ProfileDeps } from "./profile-user.ts";

/** Guesses of the current password per user, with growing blocks. */
export const passwordCheckRule: RateRule = {
  name: "profile.password_check",
  limit: 5,
  windowSeconds: 900,
  blockSeconds: 900,
};

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
