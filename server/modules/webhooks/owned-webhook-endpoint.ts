import { and, eq } from "drizzle-orm";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { webhookEndpoints } from "./webhooks.schema.ts";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const endpointNotFound = () => new FunctionError("NOT_FOUND", "Endpoint not found.");

/**
 * One endpoint of the owner's business; another business's or an unknown one is
 * NOT_FOUND alike, so an id tells nobody else that it exists.
 */
export async function requireOwnedWebhookEndpoint(
  db: Executor,
  userId: string,
  endpointId: string,
): Promise<WebhookEndpointRow> {
  const business = await requireOwnedBusiness(db, userId);
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.businessId, business.id)));
  if (!endpoint) throw endpointNotFound();
  return endpoint;
}
