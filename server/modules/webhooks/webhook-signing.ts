import { Webhook } from "standardwebhooks";

/**
 * The headers of one attempt, in the Standard Webhooks format: `webhook-id` (the event's,
 * the same on every attempt), `webhook-timestamp` (this attempt's, in seconds) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint's
 * `whsec_` secret). A receiver checks them with any Standard Webhooks library.
 */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Tickets-Webhooks/1",
    "webhook-id": messageId,
    "webhook-timestamp": String(seconds),
    "webhook-signature": new Webhook(secret).sign(messageId, new Date(seconds * 1000), body),
  };
}
