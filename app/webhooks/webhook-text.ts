import type { WebhookDeliveryView, WebhookEndpointView } from "#contract/webhooks.ts";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** "27 Nov 2026, 14:05 UTC": an instant (UTC, so the server's page and the browser's agree). */
export function timeText(instant: string): string {
  return `${timeFormat.format(new Date(instant))} UTC`;
}

/** "2 of 10 endpoints". */
export function endpointCountText(count: number, max: number): string {
  return `${count} of ${max} ${max === 1 ? "endpoint" : "endpoints"}`;
}

/** On, off by its owner, or switched off by us with the reason. */
export function endpointStateText(endpoint: WebhookEndpointView): string {
  if (endpoint.enabled) return "On";
  return endpoint.disabledReason ? `Switched off: ${endpoint.disabledReason}` : "Off";
}

/** "Failing since 27 Nov 2026, 14:05 UTC", or null while it is not failing. */
export function failingText(endpoint: WebhookEndpointView): string | null {
  return endpoint.failingSince ? `Failing since ${timeText(endpoint.failingSince)}` : null;
}

export const deliveryStatusLabels: Record<WebhookDeliveryView["status"], string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
};

export const deliveryStatusColors: Record<WebhookDeliveryView["status"], string> = {
  pending: "blue",
  delivered: "green",
  failed: "red",
};

/** What the endpoint last answered: "HTTP 500", "No answer: timed out", or "Not tried yet". */
export function lastAnswerText(delivery: WebhookDeliveryView): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  if (delivery.attempts === 0) return "Not tried yet";
  return delivery.lastError ? `No answer: ${delivery.lastError}` : "No answer";
}

/** "1 attempt", "3 attempts". */
export function attemptsText(attempts: number): string {
  return `${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;
}

/** The body as sent, indented to read (kept as it is when it is not JSON). */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
