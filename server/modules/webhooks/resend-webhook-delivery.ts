import { and, eq, sql } from "drizzle-orm";
import type { WebhookDeliveryView } from "#contract/webhooks.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { webhookDeliveryView } from "./webhook-view.ts";
import { webhookDeliveries, webhookEndpoints } from "./webhooks.schema.ts";

/**
 * "Send again" (`webhooks.resend`): the delivery, whatever its status, is pending and due
 * now with 3 fresh days of retries; the same body and `webhook-id`, so a receiver that
 * already has it can tell. A lease is kept: an attempt in flight is not doubled by another
 * worker; its outcome is recorded as usual (delivered, or due again within the new
 * window). Another business's delivery: NOT_FOUND.
 */
export async function resendWebhookDelivery(
  db: Executor,
  userId: string,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  const business = await requireOwnedBusiness(db, userId);
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      nextAttemptAt: sql`now()`,
      windowStart: sql`now()`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        sql`${webhookDeliveries.endpointId} in (select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.businessId} = ${business.id})`,
      ),
    )
    .returning();
  if (!row) throw new FunctionError("NOT_FOUND", "Delivery not found.");
  return webhookDeliveryView(row);
}
