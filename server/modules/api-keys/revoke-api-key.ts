import { and, eq, sql } from "drizzle-orm";
import type { ApiKeyView } from "#contract/api-keys.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { apiKeyView, apiKeyViewColumns } from "./api-key-view.ts";
import { apiKeys } from "./api-keys.schema.ts";

/**
 * Revokes one of the owner's business's keys (`apiKeys.revoke`): refused from its next
 * call on, still listed. Revoking it again answers it as it is (its first revocation's
 * time kept), so a retried click is harmless. Another business's key: NOT_FOUND.
 */
export async function revokeApiKey(
  db: Executor,
  userId: string,
  keyId: string,
): Promise<{ key: ApiKeyView }> {
  const business = await requireOwnedBusiness(db, userId);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.businessId, business.id)))
    .returning(apiKeyViewColumns);
  if (!row) throw new FunctionError("NOT_FOUND", "Key not found.");
  return { key: apiKeyView(row) };
}
