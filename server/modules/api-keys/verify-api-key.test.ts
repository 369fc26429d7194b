import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PREFIX } from "#contract/api-keys.ts";
import { businesses } from "#server/modules/businesses/businesses.schema.ts";
import { randomToken, sha256 } from "#server/platform/auth/token-hash.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import { insertApiKey } from "#tests/support/kits/api-key-test-kit.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import { type ProfileTestKit, profileTestKit } from "#tests/support/kits/profile-test-kit.ts";
import { refusal } from "#tests/support/refusal.ts";
import { withApiKeys } from "./api-key-bearer.ts";
import { apiKeys } from "./api-keys.schema.ts";
import {
  API_KEY_CALLS_PER_MINUTE,
  type ApiKeyVerifierDeps,
  invalidApiKeyMessage,
  verifyApiKey,
} from "./verify-api-key.ts";

describe.each(postgresOnly)("API keys at the door of the API on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: ProfileTestKit;
  let deps: ApiKeyVerifierDeps;
  beforeAll(async () => {
    database = await open();
    kit = await profileTestKit(database);
    deps = { db: database.db, rateLimiter: kit.services.rateLimiter };
  });
  afterAll(() => database?.dispose());

  const lastUsedOf = async (keyId: string) => {
    const [row] = await database.db
      .select({ lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.id, keyId));
    return row?.lastUsedAt ?? null;
  };

  it("stands for the business's owner, with the key's business and scopes and no roles", async () => {
    const { user, business } = await businessOwner(kit.services);
    const { key, secret } = await insertApiKey(database.db, business.id, [
      "events:read",
      "checkin",
    ]);
    expect(await verifyApiKey(deps, secret)).toEqual({
      userId: user.id,
      sessionId: key.id,
      roles: [],
      apiKey: { id: key.id, businessId: business.id, scopes: ["events:read", "checkin"] },
    });
  });

  it("refuses an unknown, a revoked and a deleted owner's key with one message", async () => {
    const revoked = await insertApiKey(
      database.db,
      (await businessOwner(kit.services)).business.id,
      ["orders:read"],
      {
        revoked: true,
      },
    );
    const gone = await businessOwner(kit.services);
    const ofDeleted = await insertApiKey(database.db, gone.business.id, ["orders:read"]);
    await verifyApiKey(deps, ofDeleted.secret);
    await database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, gone.user.id));
    for (const secret of [`${API_KEY_PREFIX}${randomToken()}`, revoked.secret, ofDeleted.secret]) {
      expect(await refusal(verifyApiKey(deps, secret))).toMatchObject({
        status: "UNAUTHENTICATED",
        message: invalidApiKeyMessage,
      });
    }
  });

  it("refuses the key of a suspended business as the console refuses its owner", async () => {
    const { business } = await businessOwner(kit.services);
    const { secret } = await insertApiKey(database.db, business.id, ["events:read"]);
    await database.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, business.id));
    expect(await refusal(verifyApiKey(deps, secret))).toMatchObject({
      status: "PERMISSION_DENIED",
      details: { reason: "suspended" },
    });
  });

  it("keeps only the key's hash: the whole key is in no column", async () => {
    const { business } = await businessOwner(kit.services);
    const { key, secret } = await insertApiKey(database.db, business.id, ["events:read"]);
    await verifyApiKey(deps, secret);
    const [row] = await rowsOf<{ whole: string; secret_hash: string }>(
      database.db,
      sql`select to_jsonb(k)::text as whole, k.secret_hash from api_keys k where k.id = ${key.id}`,
    );
    expect(row?.secret_hash).toBe(sha256(secret));
    expect(row?.whole).not.toContain(secret.slice(API_KEY_PREFIX.length));
  });

  it("records the last use at most once a minute", async () => {
    const { business } = await businessOwner(kit.services);
    const { key, secret } = await insertApiKey(database.db, business.id, ["events:read"]);
    expect(await lastUsedOf(key.id)).toBeNull();
    await verifyApiKey(deps, secret);
    const first = await lastUsedOf(key.id);
    expect(first).not.toBeNull();
    // now() differs in every statement: an unchanged time means nothing was written.
    await verifyApiKey(deps, secret);
    expect(await lastUsedOf(key.id)).toEqual(first);
    const earlier = new Date(Date.now() - 2 * 60_000);
    await database.db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, key.id));
    await verifyApiKey(deps, secret);
    expect((await lastUsedOf(key.id))?.getTime()).toBeGreaterThan(earlier.getTime());
  });

  it(`refuses the call after ${API_KEY_CALLS_PER_MINUTE} in a minute, saying when to retry`, async () => {
    const { business } = await businessOwner(kit.services);
    const { secret } = await insertApiKey(database.db, business.id, ["events:read"]);
    const other = await insertApiKey(database.db, business.id, ["events:read"]);
    // In parallel, a connection's worth at a time: the window (a minute) is far off.
    for (let done = 0; done < API_KEY_CALLS_PER_MINUTE; done += 12) {
      const batch = Math.min(12, API_KEY_CALLS_PER_MINUTE - done);
      await Promise.all(Array.from({ length: batch }, () => verifyApiKey(deps, secret)));
    }
    const error = await refusal(verifyApiKey(deps, secret));
    expect(error).toMatchObject({ status: "RESOURCE_EXHAUSTED" });
    expect((error.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // Per key: the business's other key still calls.
    await expect(verifyApiKey(deps, other.secret)).resolves.toMatchObject({
      apiKey: { id: other.key.id },
    });
  });

  it("sends only bearers with the keys' prefix to the key verifier", async () => {
    const { business } = await businessOwner(kit.services);
    const { key, secret } = await insertApiKey(database.db, business.id, ["events:read"]);
    const seen: string[] = [];
    const verify = withApiKeys(async (token) => {
      seen.push(token);
      return null;
    }, deps);
    await expect(verify(secret)).resolves.toMatchObject({ sessionId: key.id });
    await expect(verify("an.access.token")).resolves.toBeNull();
    expect(seen).toEqual(["an.access.token"]);
  });
});
