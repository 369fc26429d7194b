import type { ApiKeyView } from "#contract/api-keys.ts";
import { apiKeys } from "./api-keys.schema.ts";

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The columns a business sees of its keys: never `secret_hash`. */
export const apiKeyViewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  start: apiKeys.start,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export type ApiKeyViewRow = Pick<ApiKeyRow, keyof typeof apiKeyViewColumns>;

export function apiKeyView(row: ApiKeyViewRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
