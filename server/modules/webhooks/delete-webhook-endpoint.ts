import { and, eq } from "drizzle-orm";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { endpointNotFound } from "./owned-webhook-endpoint.ts";
import { webhookEndpoints } from "./webhooks.schema.ts";

/**
 * Deletes one of the owner's endpoints (`webhooks.delete`) and, by the foreign key's
 * cascade, its deliveries: nothing more is sent to it. Another business's: NOT_FOUND.
 */
export async function deleteWebhookEndpoint(
  db: Executor,
  userId: string,
  endpointId: string,
): Promise<{ deleted: true }> {
  const business = await requireOwnedBusiness(db, userId);
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.businessId, business.id)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw endpointNotFound();
  return { deleted: true };
}
