import { z } from "zod";
import { apiScopes, MAX_API_KEY_NAME } from "#contract/api-keys.ts";

const scopeInput = z.enum(apiScopes, "Choose from the scopes listed.");

/**
 * `apiKeys.create`: a name to tell the key apart (trimmed) and at least one scope, each
 * once (a repeated scope is a caller's mistake, not something to tidy up silently).
 */
export const createApiKeyInput = z.object({
  name: z
    .string("Enter a name for the key.")
    .trim()
    .min(1, "Enter a name for the key.")
    .max(MAX_API_KEY_NAME, `Use at most ${MAX_API_KEY_NAME} characters.`),
  scopes: z
    .array(scopeInput, "Choose at least one scope.")
    .min(1, "Choose at least one scope.")
    .max(apiScopes.length, "Choose each scope once.")
    .refine((scopes) => new Set(scopes).size === scopes.length, "Choose each scope once."),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({ keyId: z.uuid("Choose a key.") });
