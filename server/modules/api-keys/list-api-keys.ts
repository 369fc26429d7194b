import { desc, eq } from "drizzle-orm";
import { type ApiKeyView, MAX_API_KEYS } from "#contract/api-keys.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { apiKeyView, apiKeyViewColumns } from "./api-key-view.ts";
import { apiKeys } from "./api-keys.schema.ts";

/** The owner's business's keys, newest first, revoked ones included (`apiKeys.list`). */
export async function listApiKeys(
  db: Executor,
  userId: string,
): Promise<{ keys: ApiKeyView[]; max: number }> {
  const business = await requireOwnedBusiness(db, userId);
  const rows = await db
    .select(apiKeyViewColumns)
    .from(apiKeys)
    .where(eq(apiKeys.businessId, business.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { keys: rows.map(apiKeyView), max: MAX_API_KEYS };
}
