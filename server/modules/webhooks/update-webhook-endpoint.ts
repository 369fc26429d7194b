import { and, eq, sql } from "drizzle-orm";
import type { WebhookEndpointView } from "#contract/webhooks.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { endpointNotFound } from "./owned-webhook-endpoint.ts";
import type { UpdateWebhookInput } from "./webhook-input.ts";
import { requireUsableWebhookUrl, type UrlRule } from "./webhook-url.ts";
import { webhookEndpointView } from "./webhook-view.ts";
import { webhookEndpoints } from "./webhooks.schema.ts";

/**
 * Changes what the owner gave (`webhooks.update`): only the fields sent. Switching an
 * endpoint on clears why we switched it off and since when it failed: it starts afresh,
 * so the worker's 3 days of failures count from its next failure. Switching it off by hand
 * records no reason (the reason is for what we did). Another business's: NOT_FOUND.
 */
export async function updateWebhookEndpoint(
  db: Executor,
  userId: string,
  input: UpdateWebhookInput,
  urlRule: UrlRule,
): Promise<WebhookEndpointView> {
  if (input.url !== undefined) requireUsableWebhookUrl(input.url, urlRule);
  const business = await requireOwnedBusiness(db, userId);
  const switched =
    input.enabled === undefined
      ? {}
      : { enabled: input.enabled, disabledReason: null, failingSince: null };
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.events === undefined ? {} : { events: input.events }),
      ...switched,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(webhookEndpoints.id, input.endpointId), eq(webhookEndpoints.businessId, business.id)),
    )
    .returning();
  if (!row) throw endpointNotFound();
  return webhookEndpointView(row);
}
