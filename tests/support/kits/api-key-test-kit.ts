import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH, type ApiScope } from "#contract/api-keys.ts";
import { apiKeys } from "#server/modules/api-keys/api-keys.schema.ts";
import { randomToken, sha256 } from "#server/platform/auth/token-hash.ts";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * An API key of `businessId`, inserted directly as the console would keep it (only its
 * SHA-256 and first characters): the whole key is returned, as the console shows it once.
 */
export async function insertApiKey(
  db: Executor,
  businessId: string,
  scopes: ApiScope[],
  options: { revoked?: boolean } = {},
) {
  const secret = `${API_KEY_PREFIX}${randomToken()}`;
  const [key] = await db
    .insert(apiKeys)
    .values({
      businessId,
      name: "Box office sync",
      scopes,
      secretHash: sha256(secret),
      start: secret.slice(0, API_KEY_SHOWN_LENGTH),
      revokedAt: options.revoked ? new Date() : null,
    })
    .returning();
  if (!key) throw new Error("no api key");
  return { key, secret };
}
