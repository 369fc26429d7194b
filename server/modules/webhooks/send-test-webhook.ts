import { WEBHOOK_TEST_TYPE, type WebhookDeliveryView } from "#contract/webhooks.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { RateLimiter } from "#server/platform/rate-limit/rate-limiter.ts";
import { newWebhookMessageId, webhookBody } from "./emit-webhook.ts";
import { requireOwnedWebhookEndpoint } from "./owned-webhook-endpoint.ts";
import { webhookDeliveryView } from "./webhook-view.ts";
import { webhookDeliveries } from "./webhooks.schema.ts";

/** Each test is a POST from our server to a URL the owner chose: a few a minute is plenty. */
export const sendTestRule = { name: "webhook-test", limit: 10, windowSeconds: 60 } as const;

/**
 * "Send a test" (`webhooks.sendTest`): queues a `webhook.test` delivery to this endpoint
 * only, whatever events it wants, for the worker to send like any other. A switched-off
 * endpoint is sent nothing, a test included: FAILED_PRECONDITION.
 */
export async function sendTestWebhook(
  db: Executor,
  rateLimiter: RateLimiter,
  userId: string,
  endpointId: string,
): Promise<WebhookDeliveryView> {
  const endpoint = await requireOwnedWebhookEndpoint(db, userId, endpointId);
  if (!endpoint.enabled) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "This endpoint is switched off. Switch it on first.",
      { reason: "endpoint-off" },
    );
  }
  await rateLimiter.consume(sendTestRule, endpoint.businessId);
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      eventId: newWebhookMessageId(),
      type: WEBHOOK_TEST_TYPE,
      body: webhookBody(WEBHOOK_TEST_TYPE, { endpointId: endpoint.id }),
    })
    .returning();
  if (!row) throw new Error("the test delivery was not stored");
  return webhookDeliveryView(row);
}
