import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { WEBHOOK_TEST_TYPE, type WebhookBodyType } from "#contract/webhooks.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { newWebhookMessageId, webhookBody } from "./emit-webhook.ts";
import { webhookDeliveries, webhookEndpoints } from "./webhooks.schema.ts";

const minute = 60_000;

/**
 * NODE_ENV=test only (server/main.ts): gives an endpoint a delivery log as the webhook
 * worker would leave it, one delivery of each status (delivered, failed with no answer,
 * pending after an error), and optionally switches it off as the worker does after 3 days
 * of failures. The screenshots use it; the worker's own writes are tested where it is built.
 */
export const testWebhookHistory = defineFunction({
  name: "test.webhookHistory",
  input: z.object({ endpointId: z.uuid(), switchedOff: z.boolean().default(false) }),
  access: "public",
  handler: async (data, ctx) => {
    const [endpoint] = await ctx.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, data.endpointId));
    if (!endpoint) throw new FunctionError("NOT_FOUND", "Endpoint not found.");
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * minute);
    const row = (type: string, minutesAgo: number, payload: object) => ({
      endpointId: endpoint.id,
      eventId: newWebhookMessageId(),
      type: type as WebhookBodyType,
      body: webhookBody(type, payload, at(minutesAgo)),
      createdAt: at(minutesAgo),
      windowStart: at(minutesAgo),
    });
    const orderId = "8d6a3c52-3f0e-4d7e-9a61-2f1b6c0d4e11";
    const eventId = "0b7c1f4e-6a2d-4c3b-8e9f-5d1a2b3c4d5e";
    await ctx.db.insert(webhookDeliveries).values([
      {
        ...row(WEBHOOK_TEST_TYPE, 180, { endpointId: endpoint.id }),
        status: "delivered",
        attempts: 1,
        lastStatusCode: 200,
        lastAttemptAt: at(180),
        deliveredAt: at(180),
      },
      {
        ...row("order.created", 95, { orderId, eventId, status: "free" }),
        status: "failed",
        attempts: 12,
        lastError: "Connection refused",
        lastAttemptAt: at(2),
      },
      {
        ...row("order.paid", 30, { orderId, eventId, amountMinor: 4500, currency: "GBP" }),
        status: "pending",
        attempts: 2,
        lastStatusCode: 503,
        lastError: "The endpoint answered 503.",
        lastAttemptAt: at(5),
        nextAttemptAt: new Date(now + 10 * minute),
      },
    ]);
    await ctx.db
      .update(webhookEndpoints)
      .set(
        data.switchedOff
          ? {
              enabled: false,
              disabledReason: "Every delivery failed for 3 days.",
              failingSince: sql`now() - interval '3 days'`,
            }
          : { failingSince: at(95) },
      )
      .where(eq(webhookEndpoints.id, endpoint.id));
    return { ok: true };
  },
});

export const webhookTestFunctions = [
  testWebhookHistory,
] as const satisfies readonly AnyFunctionDefinition[];
