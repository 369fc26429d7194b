import type {
  WebhookDeliveryView,
  WebhookEndpointDetail,
  WebhookEndpointView,
} from "#contract/webhooks.ts";
import type { webhookDeliveries, webhookEndpoints } from "./webhooks.schema.ts";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint as its business sees it in the list: never its secret. */
export function webhookEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    failingSince: row.failingSince?.toISOString() ?? null,
  };
}

/** The endpoint with its signing secret: its own page only (`webhooks.get`, `create`). */
export function webhookEndpointDetail(row: EndpointRow): WebhookEndpointDetail {
  return { ...webhookEndpointView(row), secret: row.secret };
}

/** One delivery for the log (the lease is the worker's business, not the owner's). */
export function webhookDeliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    body: row.body,
  };
}
