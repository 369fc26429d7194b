import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { externalIdentities } from "#server/modules/accounts/accounts.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";

export type ExternalClaims = {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/**
 * Who an external sign-in is: the user already linked to (provider, subject); else the
 * live user whose VERIFIED email equals the provider's VERIFIED email; else a new user
 * (no phone until they add one). Both sides must have verified the address: linking on
 * an unverified one would hand an account to whoever typed that address first.
 */
export async function userForExternalSignIn(
  tx: Executor,
  claims: ExternalClaims,
): Promise<{ userId: string; created: boolean }> {
  const [linked] = await tx
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(
      and(
        eq(externalIdentities.provider, claims.provider),
        eq(externalIdentities.subject, claims.subject),
        isNull(users.deletedAt),
      ),
    );
  if (linked) return { userId: linked.userId, created: false };

  const verifiedEmail = claims.emailVerified && claims.email ? claims.email : null;
  let userId: string | undefined;
  let created = false;
  if (verifiedEmail) {
    const [match] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = lower(${verifiedEmail})`,
          isNull(users.deletedAt),
          isNotNull(users.emailVerifiedAt),
        ),
      );
    userId = match?.id;
  }
  if (!userId) {
    // An address someone registered without verifying stays theirs; the new account
    // starts without an email rather than take it.
    const [taken] = verifiedEmail
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${verifiedEmail})`, isNull(users.deletedAt)))
      : [];
    const [user] = await tx
      .insert(users)
      .values({
        name: claims.name,
        email: taken ? null : verifiedEmail,
        emailVerifiedAt: taken || !verifiedEmail ? null : new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    userId = user.id;
    created = true;
  }
  await tx.insert(externalIdentities).values({
    provider: claims.provider,
    subject: claims.subject,
    userId,
    email: claims.email,
  });
  return { userId, created };
}
