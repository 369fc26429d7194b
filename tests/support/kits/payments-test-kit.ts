import { randomUUID } from "node:crypto";
import { loadSettings } from "#server/config.ts";
import { businessFunctions } from "#server/modules/businesses/businesses.functions.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { eventAuthoringFunctions } from "#server/modules/events/event-authoring.functions.ts";
import { paymentAccountFunctions } from "#server/modules/payments/payment-accounts.functions.ts";
import { paymentIssueFunctions } from "#server/modules/payments/payment-issues.functions.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { crossModuleSteps } from "#server/steps/cross-module-steps.ts";

/** Settings of a server that takes cards through a Stripe peer at `apiUrl`. */
export function cardSettingsEnv(apiUrl: string, webhookSecret = "whsec_peertest") {
  return {
    STRIPE_SECRET_KEY: "sk_test_peer",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: apiUrl,
  };
}

/**
 * The organiser's side of card payments on a test database, called as pages call it:
 * through the registry (input schemas, access) with a signed-in caller. `env` adds
 * settings (the Stripe keys and the peer's address: cards on; none: cards off).
 */
export function paymentsTestKit(database: DatabaseHandle, env: Record<string, string> = {}) {
  const registry = createRegistry([
    ...eventAuthoringFunctions(crossModuleSteps),
    ...businessFunctions(crossModuleSteps),
    ...paymentAccountFunctions,
    ...paymentIssueFunctions,
  ]);
  const services = {
    settings: loadSettings({
      NODE_ENV: "test",
      PGLITE_DIR: "memory://",
      APP_SECRET: "p".repeat(32),
      PUBLIC_URL: "http://shop.test",
      ...env,
    }),
    database,
    log: createLogger("silent"),
  } as Services;

  function context(auth: Auth): FunctionContext {
    return {
      auth,
      requestId: randomUUID(),
      log: services.log,
      db: database.db,
      signal: new AbortController().signal,
      acceptsStreaming: false,
      sendChunk: () => {},
      client: { ip: "203.0.113.9", userAgent: "payments test" },
      cookies: { get: () => undefined, set: () => {}, clear: () => {} },
      services,
    };
  }

  /** A signed-in person; with `business`, the owner of a new active pro business. */
  async function person(options: { business?: boolean; name?: string } = {}) {
    const [user] = await database.db
      .insert(users)
      .values({
        name: options.name ?? "Owner",
        phone: `+4475${String(Math.random()).slice(2, 11)}`,
      })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    let businessId: string | null = null;
    if (options.business) {
      const [business] = await database.db
        .insert(businesses)
        .values({
          ownerId: user.id,
          name: "Blue Note Ltd",
          type: "venue",
          contactPhone: "+442071234567",
          contactEmail: "hello@example.com",
          address: "1 Jazz Street, London",
          plan: "pro",
        })
        .returning({ id: businesses.id });
      businessId = business?.id ?? null;
    }
    const auth: Auth = { userId: user.id, sessionId: randomUUID(), roles: [] };
    const call = <T = unknown>(name: string, data: unknown) =>
      registry.invoke(name, data, context(auth)) as Promise<T>;
    return { userId: user.id, businessId: businessId as string, auth, call };
  }

  return { registry, services, person };
}

export type PaymentsPerson = Awaited<ReturnType<ReturnType<typeof paymentsTestKit>["person"]>>;
