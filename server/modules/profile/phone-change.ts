import { and, eq, isNull, ne } from "drizzle-orm";
import { attemptCode, issueCode, retireCodes } from "#server/modules/accounts/one-time-codes.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { isUniqueViolation } from "#server/platform/db/db-errors.ts";
import {
  codeError,
  liveUser,
  type ProfileDeps,
  SMS_CODE_LIFETIME_SECONDS,
  sendCodeRule,
} from "./profile-user.ts";

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
    await retireCodes(tx, { purpose: "phone_change", userId });
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
      const checked = await attemptCode(
        tx,
        deps.services.settings.APP_SECRET,
        { purpose: "phone_change", userId },
        code,
      );
      if (!checked.ok) throw codeError(checked);
      await tx
        .update(users)
        .set({ phone: checked.row.destination, phoneVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      return { phone: checked.row.destination };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fieldError("phone", "This phone number now belongs to another account.");
    }
    throw error;
  }
}
