import { count, eq } from "drizzle-orm";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointDetail } from "#contract/webhooks.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { lockBusiness } from "#server/modules/businesses/business-plans.service.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { CreateWebhookInput } from "./webhook-input.ts";
import { newWebhookSecret } from "./webhook-secret.ts";
import { requireUsableWebhookUrl, type UrlRule } from "./webhook-url.ts";
import { webhookEndpointDetail } from "./webhook-view.ts";
import { webhookEndpoints } from "./webhooks.schema.ts";

/**
 * Adds an endpoint to the owner's business (`webhooks.create`), switched on, with a new
 * signing secret. At most MAX_WEBHOOK_ENDPOINTS: the business's row is locked while they
 * are counted (the one lock of every limit of a business), so two added at once cannot
 * both be the 10th.
 */
export async function createWebhookEndpoint(
  db: Database,
  userId: string,
  input: CreateWebhookInput,
  urlRule: UrlRule,
): Promise<WebhookEndpointDetail> {
  requireUsableWebhookUrl(input.url, urlRule);
  return db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    await lockBusiness(tx, business.id);
    const [made] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.businessId, business.id));
    if ((made?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        `You have ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most a business may have. Delete one you no longer use to add another.`,
        { reason: "too-many-endpoints", max: MAX_WEBHOOK_ENDPOINTS },
      );
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        businessId: business.id,
        url: input.url,
        description: input.description ?? "",
        events: input.events,
        secret: newWebhookSecret(),
        createdBy: userId,
      })
      .returning();
    if (!row) throw new Error("the endpoint was not stored");
    return webhookEndpointDetail(row);
  });
}
