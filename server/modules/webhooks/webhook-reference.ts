import { z } from "zod";
import {
  type WebhookTypeReference,
  webhookEventHints,
  webhookEventLabels,
  webhookEventTypes,
} from "#contract/webhooks.ts";
import { webhookDataSchemas } from "./webhook-data.ts";

/** Every kind of event an endpoint may want, with its `data` as JSON Schema, for the reference page. */
export function webhookReference(): WebhookTypeReference[] {
  return webhookEventTypes.map((type) => ({
    type,
    label: webhookEventLabels[type],
    hint: webhookEventHints[type],
    data: z.toJSONSchema(webhookDataSchemas[type], { io: "output" }),
  }));
}
