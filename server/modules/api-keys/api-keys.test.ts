import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH, MAX_API_KEYS } from "#contract/api-keys.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { sha256 } from "#server/platform/auth/token-hash.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import { apiKeyFunctions } from "./api-keys.functions.ts";

const registry = createRegistry([...apiKeyFunctions]);

describe.each(testDatabases)("API keys in the console on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  function as(auth: Auth) {
    const ctx = functionContext(kit.services, auth);
    return {
      // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
      call: (name: string, data: unknown): Promise<any> => registry.invoke(name, data, ctx),
      // biome-ignore lint/suspicious/noExplicitAny: the FunctionError thrown
      fail: (name: string, data: unknown): Promise<any> =>
        registry.invoke(name, data, ctx).then(
          (result) => {
            throw new Error(`expected ${name} to fail, got ${JSON.stringify(result)}`);
          },
          (error: unknown) => error,
        ),
    };
  }
  async function owner() {
    const made = await businessOwner(kit.services);
    return { ...made, ...as(made.auth) };
  }
  const create = (o: { call: (n: string, d: unknown) => Promise<unknown> }, name = "Box office") =>
    o.call("apiKeys.create", { name, scopes: ["events:read", "checkin"] }) as Promise<{
      key: { id: string; name: string; start: string };
      secret: string;
    }>;

  it("makes a key whose whole secret is answered once and stored only as its hash", async () => {
    const me = await owner();
    const made = await me.call("apiKeys.create", {
      name: "  Box office  ",
      scopes: ["events:read", "checkin"],
    });
    expect(made.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(made.secret.length).toBeGreaterThan(API_KEY_PREFIX.length + 40);
    expect(made.key).toMatchObject({
      name: "Box office",
      scopes: ["events:read", "checkin"],
      start: made.secret.slice(0, API_KEY_SHOWN_LENGTH),
      lastUsedAt: null,
      revokedAt: null,
    });
    // No column holds the secret: the row has its SHA-256 and its first characters only.
    const [row] = await rowsOf<Record<string, unknown>>(
      db.db,
      sql`select * from api_keys where id = ${made.key.id}`,
    );
    expect(row?.secret_hash).toBe(sha256(made.secret));
    expect(row?.business_id).toBe(me.business.id);
    expect(row?.created_by).toBe(me.user.id);
    for (const value of Object.values(row ?? {})) {
      expect(JSON.stringify(value ?? null)).not.toContain(made.secret.slice(API_KEY_SHOWN_LENGTH));
    }
    // Nor does the list: it has the key's view, not its secret.
    const listed = await me.call("apiKeys.list", null);
    expect(listed.max).toBe(MAX_API_KEYS);
    expect(listed.keys).toEqual([made.key]);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect(JSON.stringify(listed)).not.toContain(row?.secret_hash);
    // Two keys never share a secret.
    expect((await create(me)).secret).not.toBe(made.secret);
  });

  it("lists the business's keys newest first, revoked ones included, with when each was last used", async () => {
    const me = await owner();
    const first = await create(me, "Website");
    const second = await create(me, "Door app");
    const third = await create(me, "Reports");
    // Made within the same instant they would tie: give them distinct times.
    await db.db.execute(sql`update api_keys set created_at = now() - interval '3 minutes',
      last_used_at = now() - interval '1 minute' where id = ${first.key.id}`);
    await db.db.execute(
      sql`update api_keys set created_at = now() - interval '2 minutes' where id = ${second.key.id}`,
    );
    await me.call("apiKeys.revoke", { keyId: second.key.id });
    const { keys } = await me.call("apiKeys.list", undefined);
    expect(keys.map((k: { name: string }) => k.name)).toEqual(["Reports", "Door app", "Website"]);
    expect(keys[0]).toMatchObject({ id: third.key.id, lastUsedAt: null, revokedAt: null });
    expect(keys[1].revokedAt).not.toBeNull();
    expect(Date.parse(keys[2].lastUsedAt)).toBeGreaterThan(Date.parse(keys[2].createdAt));
    // Another business's list does not show them.
    const other = await owner();
    expect((await other.call("apiKeys.list", null)).keys).toEqual([]);
  });

  it("revokes a key, and revoking it again answers it as it is", async () => {
    const me = await owner();
    const made = await create(me);
    const revoked = await me.call("apiKeys.revoke", { keyId: made.key.id });
    expect(revoked.key).toMatchObject({ id: made.key.id, name: "Box office" });
    expect(revoked.key.revokedAt).not.toBeNull();
    const [row] = await rowsOf<{ revoked_at: Date | string | null }>(
      db.db,
      sql`select revoked_at from api_keys where id = ${made.key.id}`,
    );
    expect(row?.revoked_at).not.toBeNull();
    const again = await me.call("apiKeys.revoke", { keyId: made.key.id });
    expect(again).toEqual(revoked);
  });

  it("is the owner's only: another business's key is NOT_FOUND, no business is FAILED_PRECONDITION", async () => {
    const me = await owner();
    const made = await create(me);
    const other = await owner();
    const refused = await other.fail("apiKeys.revoke", { keyId: made.key.id });
    expect([refused.status, refused.message]).toEqual(["NOT_FOUND", "Key not found."]);
    const unknown = await me.fail("apiKeys.revoke", {
      keyId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe("NOT_FOUND");
    const [row] = await rowsOf<{ revoked_at: unknown }>(
      db.db,
      sql`select revoked_at from api_keys where id = ${made.key.id}`,
    );
    expect(row?.revoked_at).toBeNull();

    const { auth } = await signedInUser(kit.services);
    const nobody = as(auth);
    for (const [name, data] of [
      ["apiKeys.list", null],
      ["apiKeys.create", { name: "Mine", scopes: ["checkin"] }],
      ["apiKeys.revoke", { keyId: made.key.id }],
    ] as const) {
      const refusal = await nobody.fail(name, data);
      expect([name, refusal.status, refusal.details?.reason]).toEqual([
        name,
        "FAILED_PRECONDITION",
        "no-business",
      ]);
    }
    // Not signed in at all: the registry refuses before any handler runs.
    const visitor = functionContext(kit.services, null);
    await expect(registry.invoke("apiKeys.list", null, visitor)).rejects.toMatchObject({
      status: "UNAUTHENTICATED",
    });
  });

  it("refuses each invalid field with its path", async () => {
    const me = await owner();
    const cases: [unknown, string, string][] = [
      [{ name: "   ", scopes: ["checkin"] }, "name", "Enter a name for the key."],
      [{ scopes: ["checkin"] }, "name", "Enter a name for the key."],
      [{ name: "x".repeat(61), scopes: ["checkin"] }, "name", "Use at most 60 characters."],
      [{ name: "Door", scopes: [] }, "scopes", "Choose at least one scope."],
      [{ name: "Door" }, "scopes", "Choose at least one scope."],
      [{ name: "Door", scopes: ["admin"] }, "scopes.0", "Choose from the scopes listed."],
      [{ name: "Door", scopes: ["checkin", "checkin"] }, "scopes", "Choose each scope once."],
    ];
    for (const [input, path, message] of cases) {
      const refusal = await me.fail("apiKeys.create", input);
      expect([JSON.stringify(input), refusal.status, refusal.details]).toEqual([
        JSON.stringify(input),
        "INVALID_ARGUMENT",
        [expect.objectContaining({ path, message })],
      ]);
    }
    // Exactly 60 characters is fine.
    expect((await create(me, "y".repeat(60))).key.name).toHaveLength(60);
    expect((await me.call("apiKeys.list", null)).keys).toHaveLength(1);
  });

  it("refuses the 21st active key, and makes it once one is revoked", async () => {
    const me = await owner();
    const made = [];
    for (let i = 1; i <= MAX_API_KEYS; i++) made.push(await create(me, `Key ${i}`));
    const refusal = await me.fail("apiKeys.create", { name: "One more", scopes: ["checkin"] });
    expect(refusal.status).toBe("FAILED_PRECONDITION");
    expect(refusal.message).toBe(
      "You have 20 active keys, the most a business may have. Revoke one you no longer use to make another.",
    );
    expect(refusal.details).toMatchObject({ reason: "too-many-keys" });
    expect((await me.call("apiKeys.list", null)).keys).toHaveLength(MAX_API_KEYS);
    // A revoked key does not count (it stays listed).
    await me.call("apiKeys.revoke", { keyId: made[0]?.key.id });
    await create(me, "One more");
    expect((await me.call("apiKeys.list", null)).keys).toHaveLength(MAX_API_KEYS + 1);
  });
});

// Real locks: the business row's lock is what keeps a burst of clicks under the limit.
describe.each(postgresOnly)("API keys made at once on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("lets only one of several keys made at once be the 20th", async () => {
    const { auth, business } = await businessOwner(kit.services);
    const ctx = functionContext(kit.services, auth);
    const make = (name: string) =>
      registry.invoke("apiKeys.create", { name, scopes: ["checkin"] }, ctx);
    for (let i = 1; i < MAX_API_KEYS; i++) await make(`Key ${i}`);
    // Open the pool's connections first: otherwise the first maker has committed before
    // the others have connected, and the race never happens.
    await Promise.all(Array.from({ length: 8 }, () => db.db.execute(sql`select pg_sleep(0.05)`)));
    const raced = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => make(`Racer ${i}`)));
    expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of raced) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ status: "FAILED_PRECONDITION" });
    }
    const [row] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from api_keys where business_id = ${business.id}`,
    );
    expect(row?.n).toBe(MAX_API_KEYS);
  });
});
