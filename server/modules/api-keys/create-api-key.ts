import { and, count, eq, isNull } from "drizzle-orm";
import { type CreatedApiKey, MAX_API_KEYS } from "#contract/api-keys.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { lockBusiness } from "#server/modules/businesses/business-plans.service.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { CreateApiKeyInput } from "./api-key-input.ts";
import { newApiKeySecret } from "./api-key-secret.ts";
import { apiKeyView, apiKeyViewColumns } from "./api-key-view.ts";
import { apiKeys } from "./api-keys.schema.ts";

/**
 * Makes a key for the owner's business (`apiKeys.create`): the whole key is answered this
 * once; only its SHA-256 and its first characters are stored. At most MAX_API_KEYS keys
 * not revoked: the business's row is locked while they are counted (the one lock of every
 * limit of a business), so two keys made at once cannot both be the 20th.
 */
export async function createApiKey(
  db: Database,
  userId: string,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  return db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    await lockBusiness(tx, business.id);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.businessId, business.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_API_KEYS) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        `You have ${MAX_API_KEYS} active keys, the most a business may have. Revoke one you no longer use to make another.`,
        { reason: "too-many-keys", max: MAX_API_KEYS },
      );
    }
    const { secret, secretHash, start } = newApiKeySecret();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        businessId: business.id,
        name: input.name,
        scopes: input.scopes,
        secretHash,
        start,
        createdBy: userId,
      })
      .returning(apiKeyViewColumns);
    if (!row) throw new Error("the key was not stored");
    return { key: apiKeyView(row), secret };
  });
}
