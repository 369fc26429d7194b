import { randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "#contract/webhooks.ts";

/**
 * A new endpoint's signing secret, in the Standard Webhooks format: `whsec_` and the
 * base64 (standard alphabet, as their verifiers decode it) of 32 random bytes. The worker
 * signs with the bytes after the prefix; the owner pastes the whole string in a verifier.
 */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64");
}
