import { z } from "zod";
import { orderStates } from "#contract/order-view.ts";
import type { WebhookBodyType, WebhookData } from "#contract/webhooks.ts";

const id = (what: string) => z.string().describe(what);
const eventId = id("The event's id (events.getForOwner).");
const orderId = id("The order's id (orders.get).");
const money = {
  amountMinor: z.number().int().describe("Integer minor units (pence, cents)."),
  currency: z.string().describe("ISO 4217 code, e.g. GBP."),
};

/**
 * What each kind of event carries in `data`, strict: the reference page draws them
 * (`webhookReference`) and tests hold every body sent to them. Typed against the contract,
 * so the two cannot part.
 */
export const webhookDataSchemas = {
  "order.created": z.strictObject({
    orderId,
    eventId,
    status: z
      .enum(orderStates)
      .describe("How the order stood when it was made, as orders.list names it (state)."),
  }),
  "order.paid": z.strictObject({ orderId, eventId, ...money }),
  "order.refunded": z.strictObject({
    orderId,
    eventId,
    ...money,
  }),
  "ticket.assigned": z.strictObject({
    ticketId: id("The ticket's id."),
    orderId,
    eventId,
  }),
  "ticket.checked_in": z.strictObject({
    ticketId: id("The ticket's id."),
    eventId,
    checkedInAt: z.string().describe("When it was let in (ISO 8601)."),
  }),
  "event.updated": z.strictObject({
    eventId,
    status: z.string().describe("draft, published or cancelled, after the change."),
  }),
  "webhook.test": z.strictObject({ endpointId: id("The endpoint the test was sent to.") }),
} satisfies { [K in WebhookBodyType]: z.ZodType<WebhookData[K]> };

/** A whole body as sent: `{type, timestamp, data}`, strict. */
export function webhookBodySchema(type: WebhookBodyType) {
  return z.strictObject({
    type: z.literal(type),
    timestamp: z.iso.datetime(),
    data: webhookDataSchemas[type],
  });
}
