import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { sha256 } from "#server/platform/auth/token-hash.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { RateLimiter, RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { apiKeys } from "./api-keys.schema.ts";

/** Calls one key may make per minute: ten a second, room for a sync job, not for a flood. */
export const API_KEY_CALLS_PER_MINUTE = 600;

export const apiKeyRateRule: RateRule = {
  name: "api-key",
  limit: API_KEY_CALLS_PER_MINUTE,
  windowSeconds: 60,
};

export const invalidApiKeyMessage = "This API key is not valid or has been revoked.";

export type ApiKeyVerifierDeps = {
  db: Database;
  rateLimiter: RateLimiter;
  /** Where a failed "last used" write is noted (it never fails the call). */
  log?: Logger;
  /** Tests only: a lower limit than `apiKeyRateRule`'s, to reach it in a few calls. */
  rule?: RateRule;
};

/**
 * The caller an API key stands for (decision 038): its business's owner, with no roles,
 * and the key's grant (business, scopes). An unknown or revoked key, or one whose owner's
 * account is deleted, is refused as one (UNAUTHENTICATED), so nobody learns which; a key
 * of a suspended business is refused as the console refuses its owner. Counted against
 * the key's rate rule (RESOURCE_EXHAUSTED, with `retryAfterSeconds`).
 */
export async function verifyApiKey(deps: ApiKeyVerifierDeps, key: string): Promise<Auth> {
  // The unique index on secret_hash finds the key; the joins refuse what it stands for.
  const [found] = await deps.db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      businessId: businesses.id,
      businessStatus: businesses.status,
      ownerId: businesses.ownerId,
    })
    .from(apiKeys)
    .innerJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(
      and(eq(apiKeys.secretHash, sha256(key)), isNull(apiKeys.revokedAt), isNull(users.deletedAt)),
    );
  if (!found) throw new FunctionError("UNAUTHENTICATED", invalidApiKeyMessage);
  if (found.businessStatus === "suspended") {
    throw new FunctionError(
      "PERMISSION_DENIED",
      "Your business is suspended. Contact support to restore it.",
      { reason: "suspended" },
    );
  }
  await deps.rateLimiter.consume(deps.rule ?? apiKeyRateRule, found.id);
  await noteLastUsed(deps.db, found.id).catch((error: unknown) => {
    deps.log?.warn({ err: error, apiKeyId: found.id }, "api key last use not recorded");
  });
  return {
    userId: found.ownerId,
    sessionId: found.id,
    roles: [],
    apiKey: { id: found.id, businessId: found.businessId, scopes: found.scopes },
  };
}

/**
 * Records the key's use, at most once a minute (the console shows it to the minute): the
 * other calls of that minute match no row and write nothing. True when it wrote.
 */
export async function noteLastUsed(db: Database, keyId: string): Promise<boolean> {
  const written = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    )
    .returning({ id: apiKeys.id });
  return written.length > 0;
}
