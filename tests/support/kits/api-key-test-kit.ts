import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ApiScope } from "#contract/api-keys.ts";
import { createApp } from "#server/app.ts";
import { appFunctions, membershipResolvers } from "#server/functions.ts";
import { withApiKeys } from "#server/modules/api-keys/api-key-bearer.ts";
import { newApiKeySecret } from "#server/modules/api-keys/api-key-secret.ts";
import { apiKeys } from "#server/modules/api-keys/api-keys.schema.ts";
import type { AnyFunctionDefinition } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import type { Services } from "#server/platform/runtime/services.ts";

/**
 * An API key of `businessId`, inserted directly as the console would keep it (only its
 * SHA-256 and first characters): the whole key is returned, as the console shows it once.
 */
export async function insertApiKey(
  db: Executor,
  businessId: string,
  scopes: ApiScope[],
  options: { revoked?: boolean } = {},
) {
  const { secret, secretHash, start } = newApiKeySecret();
  const [key] = await db
    .insert(apiKeys)
    .values({
      businessId,
      name: "Box office sync",
      scopes,
      secretHash,
      start,
      revokedAt: options.revoked ? new Date() : null,
    })
    .returning();
  if (!key) throw new Error("no api key");
  return { key, secret };
}

export type ApiKeyAnswer = {
  status: number;
  retryAfter: string | null;
  replayed: string | null;
  body: {
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
    result?: any;
    error?: { status: string; message: string; details?: unknown };
  };
};

/**
 * The whole app (every product function, the membership scopes, `functions` besides), as
 * main.ts wires it: API keys beside another bearer (here none is valid), with `rule` for
 * the keys' rate limit when given. `post` calls a function with a key, and an
 * Idempotency-Key when given.
 */
export async function serveWithApiKeys(
  services: Services,
  options: { functions?: AnyFunctionDefinition[]; rule?: RateRule } = {},
) {
  const app = createApp({
    services,
    registry: createRegistry([...appFunctions, ...(options.functions ?? [])], {
      membership: membershipResolvers,
    }),
    verifyBearer: withApiKeys(async () => null, {
      db: services.database.db,
      rateLimiter: services.rateLimiter,
      rule: options.rule,
    }),
    secureTransport: false,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (
    name: string,
    bearer: string,
    data: unknown = null,
    idempotencyKey?: string,
  ): Promise<ApiKeyAnswer> => {
    const response = await fetch(`${url}/api/fn/${name}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${bearer}`,
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: JSON.stringify({ data }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      replayed: response.headers.get("idempotent-replayed"),
      body: (await response.json()) as ApiKeyAnswer["body"],
    };
  };
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { post, close };
}

export type ApiKeyServer = Awaited<ReturnType<typeof serveWithApiKeys>>;
