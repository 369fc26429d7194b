import { sql } from "drizzle-orm";
import { webhookFunctions } from "#server/modules/webhooks/webhooks.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { businessOwner } from "./business-test-kit.ts";
import { functionContext } from "./profile-test-kit.ts";

export const webhookRegistry = createRegistry([...webhookFunctions]);

/** A caller of the webhook functions as `auth`, on a server in `env` (the URL rule reads it). */
export function webhookCaller(services: Services, auth: Auth, env: "test" | "production" = "test") {
  const ctx = functionContext(
    { ...services, settings: { ...services.settings, NODE_ENV: env } },
    auth,
  );
  return {
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
    call: (name: string, data: unknown): Promise<any> => webhookRegistry.invoke(name, data, ctx),
    // biome-ignore lint/suspicious/noExplicitAny: the FunctionError thrown
    fail: (name: string, data: unknown): Promise<any> =>
      webhookRegistry.invoke(name, data, ctx).then(
        (result) => {
          throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
        },
        (error: unknown) => error,
      ),
  };
}

export type WebhookCaller = ReturnType<typeof webhookCaller>;

/** A business's owner, with a caller. */
export async function webhookOwner(services: Services) {
  const made = await businessOwner(services);
  return { ...made, ...webhookCaller(services, made.auth) };
}

/** An endpoint added through `webhooks.create`, wanting two kinds of event. */
export function addEndpoint(
  owner: WebhookCaller,
  url = "https://example.com/hooks",
): Promise<{ id: string; url: string; secret: string }> {
  return owner.call("webhooks.create", { url, events: ["order.paid", "ticket.checked_in"] });
}

/**
 * A delivery row of `endpointId` made at `at` (SQL), then `set` (SQL assignments) as the
 * worker would leave it: tests write the worker's columns directly.
 */
export async function insertDelivery(db: Executor, endpointId: string, set = "", at = "now()") {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into webhook_deliveries (endpoint_id, event_id, type, body, created_at)
      values (${endpointId}, ${`msg_${crypto.randomUUID().replaceAll("-", "")}`}, 'order.paid',
        '{"type":"order.paid"}', ${sql.raw(at)}) returning id`,
  );
  if (!row) throw new Error("no delivery");
  if (set) {
    await db.execute(sql`update webhook_deliveries set ${sql.raw(set)} where id = ${row.id}`);
  }
  return row.id;
}
