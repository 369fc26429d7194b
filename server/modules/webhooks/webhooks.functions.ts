import { z } from "zod";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { createWebhookEndpoint } from "./create-webhook-endpoint.ts";
import { deleteWebhookEndpoint } from "./delete-webhook-endpoint.ts";
import { listWebhookDeliveries } from "./list-webhook-deliveries.ts";
import { getWebhookEndpoint, listWebhookEndpoints } from "./list-webhook-endpoints.ts";
import { resendWebhookDelivery } from "./resend-webhook-delivery.ts";
import { sendTestWebhook } from "./send-test-webhook.ts";
import { updateWebhookEndpoint } from "./update-webhook-endpoint.ts";
import {
  createWebhookInput,
  updateWebhookInput,
  webhookDeliveriesInput,
  webhookDeliveryInput,
  webhookEndpointInput,
} from "./webhook-input.ts";
import { urlRuleOf } from "./webhook-url.ts";

/** The URL rule of this server (production: no plain HTTP, no private addresses). */
const urlRule = (ctx: FunctionContext) => urlRuleOf(ctx.services.settings);

export const listWebhooks = defineFunction({
  name: "webhooks.list",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => listWebhookEndpoints(ctx.db, ctx.auth.userId),
});

export const getWebhook = defineFunction({
  name: "webhooks.get",
  input: webhookEndpointInput,
  access: "signed-in",
  handler: (data, ctx) => getWebhookEndpoint(ctx.db, ctx.auth.userId, data.endpointId),
});

export const createWebhook = defineFunction({
  name: "webhooks.create",
  input: createWebhookInput,
  access: "signed-in",
  handler: (data, ctx) => createWebhookEndpoint(ctx.db, ctx.auth.userId, data, urlRule(ctx)),
});

export const updateWebhook = defineFunction({
  name: "webhooks.update",
  input: updateWebhookInput,
  access: "signed-in",
  handler: (data, ctx) => updateWebhookEndpoint(ctx.db, ctx.auth.userId, data, urlRule(ctx)),
});

export const deleteWebhook = defineFunction({
  name: "webhooks.delete",
  input: webhookEndpointInput,
  access: "signed-in",
  handler: (data, ctx) => deleteWebhookEndpoint(ctx.db, ctx.auth.userId, data.endpointId),
});

export const listWebhookDeliveryPage = defineFunction({
  name: "webhooks.deliveries",
  input: webhookDeliveriesInput,
  access: "signed-in",
  handler: (data, ctx) =>
    listWebhookDeliveries(ctx.db, ctx.auth.userId, data.endpointId, data.cursor),
});

export const resendWebhook = defineFunction({
  name: "webhooks.resend",
  input: webhookDeliveryInput,
  access: "signed-in",
  handler: (data, ctx) => resendWebhookDelivery(ctx.db, ctx.auth.userId, data.deliveryId),
});

export const sendWebhookTest = defineFunction({
  name: "webhooks.sendTest",
  input: webhookEndpointInput,
  access: "signed-in",
  handler: (data, ctx) =>
    sendTestWebhook(ctx.db, ctx.services.rateLimiter, ctx.auth.userId, data.endpointId),
});

/**
 * The console's webhooks (decision 039): endpoints added, changed and deleted by the
 * business's owner on `/business/webhooks`, their delivery log, "send again" and "send a
 * test". None has an `api` exposure: a key cannot read the signing secrets.
 */
export const webhookFunctions = [
  listWebhooks,
  getWebhook,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  listWebhookDeliveryPage,
  resendWebhook,
  sendWebhookTest,
] as const satisfies readonly AnyFunctionDefinition[];
