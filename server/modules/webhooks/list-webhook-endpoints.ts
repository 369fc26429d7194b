import { desc, eq } from "drizzle-orm";
import type { WebhookEndpointDetail, WebhookEndpointView } from "#contract/webhooks.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { requireOwnedWebhookEndpoint } from "./owned-webhook-endpoint.ts";
import { webhookEndpointDetail, webhookEndpointView } from "./webhook-view.ts";
import { webhookEndpoints } from "./webhooks.schema.ts";

/** The owner's business's endpoints, newest first, without their secrets (`webhooks.list`). */
export async function listWebhookEndpoints(
  db: Executor,
  userId: string,
): Promise<{ items: WebhookEndpointView[] }> {
  const business = await requireOwnedBusiness(db, userId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, business.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { items: rows.map(webhookEndpointView) };
}

/** One endpoint with its signing secret (`webhooks.get`): its owner's page. */
export async function getWebhookEndpoint(
  db: Executor,
  userId: string,
  endpointId: string,
): Promise<WebhookEndpointDetail> {
  return webhookEndpointDetail(await requireOwnedWebhookEndpoint(db, userId, endpointId));
}
