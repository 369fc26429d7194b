import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { createApiKeyInput, revokeApiKeyInput } from "./api-key-input.ts";
import { createApiKey } from "./create-api-key.ts";
import { listApiKeys } from "./list-api-keys.ts";
import { revokeApiKey } from "./revoke-api-key.ts";

export const listBusinessApiKeys = defineFunction({
  name: "apiKeys.list",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => listApiKeys(ctx.db, ctx.auth.userId),
});

export const createBusinessApiKey = defineFunction({
  name: "apiKeys.create",
  input: createApiKeyInput,
  access: "signed-in",
  handler: (data, ctx) => createApiKey(ctx.db, ctx.auth.userId, data),
});

export const revokeBusinessApiKey = defineFunction({
  name: "apiKeys.revoke",
  input: revokeApiKeyInput,
  access: "signed-in",
  handler: (data, ctx) => revokeApiKey(ctx.db, ctx.auth.userId, data.keyId),
});

/**
 * The console's API keys (decision 038): made, listed and revoked by the business's owner
 * on `/business/api-keys`. None has an `api` exposure: a key cannot make or revoke keys.
 */
export const apiKeyFunctions = [
  listBusinessApiKeys,
  createBusinessApiKey,
  revokeBusinessApiKey,
] as const satisfies readonly AnyFunctionDefinition[];
