import { randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "#contract/webhooks.ts";

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64");
}
