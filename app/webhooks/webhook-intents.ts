import type { IntentResult } from "#app/forms/intent-action.ts";

/** The webhooks pages' forms, by `intent`. */
export const createWebhookIntent = "webhook-create";
export const saveWebhookEventsIntent = "webhook-events";
export const switchWebhookIntent = "webhook-switch";
export const deleteWebhookIntent = "webhook-delete";
export const revealWebhookSecretIntent = "webhook-reveal";
export const sendWebhookTestIntent = "webhook-test";
export const resendWebhookIntent = "webhook-resend";

/** "Reveal" answers the signing secret, read when asked rather than sent with the page. */
export type WebhookPageResult = IntentResult | (IntentResult & { ok: true; secret: string });
