// Webhooks for organisers' own systems (issue 30, decision 039). A business adds HTTPS
// endpoints on the console page `/business/webhooks` (server/modules/webhooks) and picks
// the kinds of event each wants; every event is POSTed to each endpoint that wants it,
// signed in the Standard Webhooks format, from the durable delivery queue (never inside
// the request that caused it), retried with backoff for 3 days, once per event per
// endpoint. Bodies are thin: what happened and the ids to read the rest with an API key.

import type { OrderState } from "./order-view.ts";

/** The kinds of event an endpoint may want, as they appear in a body's `type`. */
export const webhookEventTypes = [
  "order.created",
  "order.paid",
  "order.refunded",
  "ticket.assigned",
  "ticket.checked_in",
  "event.updated",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What "send a test" delivers: to the one endpoint, whatever it wants. */
export const WEBHOOK_TEST_TYPE = "webhook.test";
export type WebhookBodyType = WebhookEventType | typeof WEBHOOK_TEST_TYPE;

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "order.created": "Order created",
  "order.paid": "Order paid",
  "order.refunded": "Order refunded",
  "ticket.assigned": "Ticket assigned",
  "ticket.checked_in": "Ticket checked in",
  "event.updated": "Event changed",
};

export const webhookEventHints: Record<WebhookEventType, string> = {
  "order.created": "A booking is made: free, to pay at the venue, or paid by card.",
  "order.paid": "A card payment for an order succeeded.",
  "order.refunded": "Money went back to the buyer, in full or in part.",
  "ticket.assigned": "A ticket was passed on to someone else.",
  "ticket.checked_in": "A ticket was let in at the door.",
  "event.updated": "An event's details changed, or it was published, unpublished or cancelled.",
};

/** What each kind of event carries in `data` (ids to read the rest with an API key). */
export type WebhookData = {
  "order.created": { orderId: string; eventId: string; status: OrderState };
  "order.paid": { orderId: string; eventId: string; amountMinor: number; currency: string };
  "order.refunded": { orderId: string; eventId: string; amountMinor: number; currency: string };
  "ticket.assigned": { ticketId: string; orderId: string; eventId: string };
  "ticket.checked_in": { ticketId: string; eventId: string; checkedInAt: string };
  "event.updated": { eventId: string; status: string };
  "webhook.test": { endpointId: string };
};

/**
 * A body as POSTed (Standard Webhooks): `type`, when it happened, and `data`. The
 * `webhook-id` header is the event's id: the same for every attempt, so a receiver that
 * has seen it can skip it.
 */
export type WebhookBody<T extends WebhookBodyType = WebhookBodyType> = {
  type: T;
  timestamp: string;
  data: WebhookData[T];
};

/** A kind of event on the reference page: its `data` as JSON Schema (`api.reference`). */
export type WebhookTypeReference = {
  type: WebhookEventType;
  label: string;
  hint: string;
  data: { [key: string]: unknown };
};

/** Signing secrets look like this (Standard Webhooks: base64 after the prefix). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 100;
/** A delivery is given up 3 days after its event (then, if the endpoint answered nothing
 * since, it is switched off and the owner told). */
export const WEBHOOK_RETRY_WINDOW_HOURS = 72;
/** An answer slower than this is a failed attempt. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;

/** An endpoint as its business sees it. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** False once switched off, by the owner or after failing for 3 days. */
  enabled: boolean;
  /** Why it was switched off by us, or null. */
  disabledReason: string | null;
  createdAt: string;
  /** The first failed attempt since the last success, or null. */
  failingSince: string | null;
};

/** The endpoint with its signing secret (`webhooks.get`: only the owner reads it). */
export type WebhookEndpointDetail = WebhookEndpointView & { secret: string };

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event to one endpoint, with its attempts so far. */
export type WebhookDeliveryView = {
  id: string;
  /** The `webhook-id` header (the same on every attempt). */
  eventId: string;
  type: WebhookBodyType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last answer, or null when none came (no answer, timeout). */
  lastStatusCode: number | null;
  /** Why the last attempt failed, in words, or null. */
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  /** The body as sent. */
  body: string;
};

/** `webhooks.deliveries`: newest first, a page at a time. */
export type WebhookDeliveryPage = { items: WebhookDeliveryView[]; nextCursor: string | null };
