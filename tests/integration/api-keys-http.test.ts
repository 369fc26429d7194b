import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { API_KEY_PREFIX, apiScopes } from "#contract/api-keys.ts";
import { invalidApiKeyMessage } from "#server/modules/api-keys/verify-api-key.ts";
import { randomToken } from "#server/platform/auth/token-hash.ts";
import { defineFunction } from "#server/platform/callable/define-function.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import {
  type ApiKeyServer,
  insertApiKey,
  serveWithApiKeys,
} from "#tests/support/kits/api-key-test-kit.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";

/** Calls a key may make here in a minute: a few, so the limit is reached in a few calls. */
const CALLS_PER_MINUTE = 3;

const grantOutput = z.object({
  userId: z.string(),
  apiKey: z
    .object({
      id: z.string(),
      businessId: z.string(),
      scopes: z.array(z.enum(apiScopes)).readonly(),
    })
    .nullable(),
});

/** A function exposed to keys, answering the grant it was called with. */
const whoAmI = defineFunction({
  name: "test.keyGrant",
  input: z.object({}).nullish(),
  access: "signed-in",
  api: { scope: "orders:read", summary: "The key's grant.", output: grantOutput },
  handler: (_data, ctx) => ({ userId: ctx.auth.userId, apiKey: ctx.auth.apiKey ?? null }),
});

describe.each(postgresOnly)("API keys over HTTP on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let http: ApiKeyServer;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    http = await serveWithApiKeys(kit.services, {
      functions: [whoAmI],
      rule: { name: "api-key-http-test", limit: CALLS_PER_MINUTE, windowSeconds: 60 },
    });
  });
  afterAll(async () => {
    await http?.close();
    await database?.dispose();
  });

  const newKey = async (...scopes: Parameters<typeof insertApiKey>[2]) => {
    const owner = await businessOwner(kit.services);
    const { key, secret } = await insertApiKey(database.db, owner.business.id, scopes);
    return { ...owner, key, secret };
  };

  it("calls an exposed function as the business's owner, with the key's grant", async () => {
    const { user, business, key, secret } = await newKey("orders:read");
    expect(await http.post("test.keyGrant", secret)).toEqual({
      status: 200,
      retryAfter: null,
      replayed: null,
      body: {
        result: {
          userId: user.id,
          apiKey: { id: key.id, businessId: business.id, scopes: ["orders:read"] },
        },
      },
    });
  });

  it("answers 403 for a function not exposed to keys and for a scope the key lacks", async () => {
    const { secret } = await newKey("events:read");
    expect(await http.post("profile.get", secret)).toMatchObject({
      status: 403,
      body: {
        error: { status: "PERMISSION_DENIED", message: "API keys cannot call profile.get." },
      },
    });
    expect(await http.post("test.keyGrant", secret)).toMatchObject({
      status: 403,
      body: {
        error: {
          status: "PERMISSION_DENIED",
          message: "This API key does not have the orders:read scope.",
          details: { reason: "scope", scope: "orders:read" },
        },
      },
    });
  });

  it("answers 401 with its own message for an unknown key and a revoked one", async () => {
    const { business } = await businessOwner(kit.services);
    const revoked = await insertApiKey(database.db, business.id, ["orders:read"], {
      revoked: true,
    });
    for (const secret of [`${API_KEY_PREFIX}${randomToken()}`, revoked.secret]) {
      expect(await http.post("test.keyGrant", secret)).toEqual({
        status: 401,
        retryAfter: null,
        replayed: null,
        body: { error: { status: "UNAUTHENTICATED", message: invalidApiKeyMessage } },
      });
    }
    // Any other bad bearer keeps the session's answer.
    expect((await http.post("test.keyGrant", "not-a-key")).body.error?.message).toBe(
      "Your session has expired. Please sign in again.",
    );
  });

  it("answers 429 with Retry-After once the key has made its calls for the minute", async () => {
    const { secret } = await newKey("orders:read");
    for (let call = 0; call < CALLS_PER_MINUTE; call++) {
      expect((await http.post("test.keyGrant", secret)).status).toBe(200);
    }
    const refused = await http.post("test.keyGrant", secret);
    expect(refused).toMatchObject({
      status: 429,
      body: { error: { status: "RESOURCE_EXHAUSTED" } },
    });
    const retryAfter = Number(refused.retryAfter);
    expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
    expect(refused.body.error?.details).toEqual({ retryAfterSeconds: retryAfter });
  });
});
