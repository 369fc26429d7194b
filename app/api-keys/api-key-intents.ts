import type { IntentResult } from "#app/forms/intent-action.ts";
import type { CreatedApiKey } from "#contract/api-keys.ts";

/** The API keys page's forms, by `intent`: make a key, revoke one. */
export const createApiKeyIntent = "api-key-create";
export const revokeApiKeyIntent = "api-key-revoke";

/** A made key's answer carries the whole key, for the page to show this once. */
export type ApiKeysPageResult =
  | IntentResult
  | (IntentResult & { ok: true; created: CreatedApiKey });
