import { z } from "zod";
import { MAX_WEBHOOK_DESCRIPTION, webhookEventTypes } from "#contract/webhooks.ts";

const endpointId = z.uuid("Choose an endpoint.");

/**
 * The URL as typed, trimmed; whether it may be used (HTTPS, not private, …) depends on
 * where the server runs, so the handler asks `webhookUrlProblem` with the settings.
 */
const url = z.string("Enter the endpoint's URL.").trim().min(1, "Enter the endpoint's URL.");

const description = z
  .string("Describe the endpoint in words.")
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION, `Use at most ${MAX_WEBHOOK_DESCRIPTION} characters.`);

/** At least one kind of event, each once (a repeat is a caller's mistake, not tidied). */
const events = z
  .array(z.enum(webhookEventTypes, "Choose from the events listed."), "Choose at least one event.")
  .min(1, "Choose at least one event.")
  .max(webhookEventTypes.length, "Choose each event once.")
  .refine((types) => new Set(types).size === types.length, "Choose each event once.");

export const createWebhookInput = z.object({
  url,
  description: description.optional(),
  events,
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z.object({
  endpointId,
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean("Choose on or off.").optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const webhookEndpointInput = z.object({ endpointId });

export const webhookDeliveriesInput = z.object({
  endpointId,
  cursor: z
    .string("This page link is not valid.")
    .max(200, "This page link is not valid.")
    .optional(),
});

export const webhookDeliveryInput = z.object({ deliveryId: z.uuid("Choose a delivery.") });
