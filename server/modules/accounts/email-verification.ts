import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { brandName } from "#contract/brand.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import { accountRateRules } from "./account-rules.ts";
import { verificationCodes } from "./accounts.schema.ts";
import { issueCode, retireCodes } from "./one-time-codes.ts";

/**
 * The link that verifies an email address, whoever asks for it: registration, the
 * profile (a new address, "Send again") and a booking's contact email. Opening it
 * (`/profile?email_token=…`, the profile's `confirmEmail`) makes the address the
 * account's, verified.
 */
export const EMAIL_LINK_LIFETIME_SECONDS = 24 * 60 * 60;

export type EmailLinkDeps = {
  messages: MessageService;
  settings: { APP_SECRET: string; PUBLIC_URL: string };
};

/** The page an email link opens; signed out, the gate sends the person to sign in first. */
export function emailLinkUrl(publicUrl: string, token: string): string {
  const link = new URL("/profile", publicUrl);
  link.searchParams.set("email_token", token);
  return link.href;
}

/**
 * Sends a new single-use link (24 h) to `email` for the user, in the caller's transaction.
 * The user's earlier links stop working: one address waits for its link at a time.
 * Rate limits are the caller's (they differ inside and outside a transaction).
 */
export async function sendEmailVerificationLink(
  tx: Executor,
  deps: EmailLinkDeps,
  target: { userId: string; email: string },
): Promise<void> {
  await retireCodes(tx, { purpose: "email_verify", userId: target.userId });
  const issued = await issueCode(tx, deps.settings.APP_SECRET, {
    purpose: "email_verify",
    channel: "email",
    destination: target.email,
    userId: target.userId,
    lifetimeSeconds: EMAIL_LINK_LIFETIME_SECONDS,
    kind: "link",
  });
  const link = emailLinkUrl(deps.settings.PUBLIC_URL, `${issued.id}.${issued.secret}`);
  await deps.messages.queueEmail(tx, {
    to: target.email,
    subject: `Confirm your email address for ${brandName}`,
    text: `Open this link within 24 hours to use ${target.email} for your ${brandName} account:\n\n${link}\n\nIf you did not ask for this, ignore this email; nothing changes.`,
  });
}

/** Whether another live account has this address (any case). */
export async function emailTakenByOther(
  tx: Executor,
  email: string,
  userId: string,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deletedAt),
        ne(users.id, userId),
      ),
    )
    .limit(1);
  return Boolean(other);
}

/** Links sent for this user or to this address within the send rule's window. */
async function recentLinks(tx: Executor, userId: string, email: string): Promise<number> {
  const { windowSeconds } = accountRateRules.codeSendPerDestination;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, "email_verify"),
        or(
          eq(verificationCodes.userId, userId),
          sql`lower(${verificationCodes.destination}) = lower(${email})`,
        ),
        gt(verificationCodes.createdAt, new Date(Date.now() - windowSeconds * 1000)),
      ),
    );
  return row?.count ?? 0;
}

export type EmailOffer =
  | "sent"
  | "verified"
  | "pending"
  | "taken"
  | "rate-limited"
  | "no-service"
  | "failed";

/**
 * An address given for something else (a booking's contact email) is offered as the
 * account's email: sent a link when the account has no verified email, nobody else has
 * the address and no live link waits for it already. Counted against the send rule
 * (codeSendPerDestination) by the links written, inside the caller's transaction, where
 * the rate limiter cannot run (it has its own, and PGlite one connection). In a savepoint
 * and never throwing: the offer must not make what it rides on fail.
 */
export async function offerEmailVerification(
  tx: Executor,
  deps: { messages: MessageService | null; settings: EmailLinkDeps["settings"] },
  target: { userId: string; email: string },
): Promise<EmailOffer> {
  const { messages } = deps;
  if (!messages) return "no-service";
  try {
    return await tx.transaction(async (savepoint) => {
      const [user] = await savepoint
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, target.userId));
      if (!user || user.verifiedAt) return "verified";
      if (await emailTakenByOther(savepoint, target.email, target.userId)) return "taken";
      if (await linkWaiting(savepoint, target)) return "pending";
      const sent = await recentLinks(savepoint, target.userId, target.email);
      if (sent + 1 > accountRateRules.codeSendPerDestination.limit) return "rate-limited";
      await sendEmailVerificationLink(savepoint, { messages, settings: deps.settings }, target);
      return "sent";
    });
  } catch {
    // The savepoint is undone; the booking goes on without the offer.
    return "failed";
  }
}

/** A live link of this user for this very address. */
async function linkWaiting(tx: Executor, target: { userId: string; email: string }) {
  const [row] = await tx
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, "email_verify"),
        eq(verificationCodes.userId, target.userId),
        sql`lower(${verificationCodes.destination}) = lower(${target.email})`,
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}
