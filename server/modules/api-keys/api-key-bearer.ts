import { API_KEY_PREFIX } from "#contract/api-keys.ts";
import type { BearerVerifier } from "#server/platform/callable/callable-router.ts";
import { type ApiKeyVerifierDeps, verifyApiKey } from "./verify-api-key.ts";

/**
 * The bearer verifier that also takes API keys: a bearer starting with the keys' prefix is
 * an API key (its refusals keep their own message and status); any other goes to
 * `verifyOther` (access tokens) as before.
 */
export function withApiKeys(verifyOther: BearerVerifier, deps: ApiKeyVerifierDeps): BearerVerifier {
  return (token) =>
    token.startsWith(API_KEY_PREFIX) ? verifyApiKey(deps, token) : verifyOther(token);
}
