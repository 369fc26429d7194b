import { eq } from "drizzle-orm";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "#server/config.ts";
import { refreshTokens, sessions, signingKeys } from "#server/platform/auth/auth.schema.ts";
import {
  createAuthService,
  LIVE_SESSION_CACHE_MS,
  type SessionAuthority,
} from "#server/platform/auth/create-auth-service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";

const client = { ip: "203.0.113.9", userAgent: "Mozilla/5.0 (test)" };
const settings = loadSettings({
  NODE_ENV: "test",
  PGLITE_DIR: "memory://",
  APP_SECRET: "s".repeat(32),
  ACCESS_TOKEN_TTL_SECONDS: "120",
  REFRESH_GRACE_SECONDS: "2",
});

let phoneCounter = 0;
async function newUser(database: TestDatabase, name = "Ada") {
  phoneCounter += 1;
  const [user] = await database.db
    .insert(users)
    .values({ name, phone: `+1555000${String(phoneCounter).padStart(4, "0")}` })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

describe.each(testDatabases)("sessions and tokens on $name", ({ open }) => {
  let database: TestDatabase;
  let clock = Date.now();
  let auth: SessionAuthority;
  const tick = (ms: number) => {
    clock += ms;
  };

  beforeAll(async () => {
    database = await open();
    auth = await createAuthService({
      settings,
      database,
      log: createLogger("silent"),
      now: () => clock,
    });
  });
  afterAll(() => database?.dispose());

  async function signIn(name = "Ada") {
    const user = await newUser(database, name);
    const issued = await database.db.transaction((tx) => auth.startSession(tx, user.id, client));
    return { user, issued };
  }

  it("starts a session whose tokens verify, storing only hashes", async () => {
    const { user, issued } = await signIn();
    expect(issued.expiresIn).toBe(120);
    expect(issued.accessTokenExpiresAt).toBeGreaterThan(clock + 110_000);
    await expect(auth.verifyAccessToken(issued.accessToken)).resolves.toEqual({
      userId: user.id,
      sessionId: issued.sessionId,
      roles: [],
    });
    await expect(auth.sessionForToken(issued.sessionToken)).resolves.toMatchObject({
      sessionId: issued.sessionId,
      userId: user.id,
    });
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, issued.sessionId));
    expect(row?.tokenHash).not.toBe(issued.sessionToken);
    expect(row).toMatchObject({ userAgent: client.userAgent, ip: client.ip });
    const [refreshRow] = await database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, issued.sessionId));
    expect(refreshRow?.tokenHash).not.toBe(issued.refreshToken);
  });

  it("rejects made-up session tokens and tampered or foreign access tokens", async () => {
    const { issued } = await signIn();
    await expect(auth.sessionForToken("made-up")).resolves.toBeNull();
    const [head, payload, signature] = issued.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ["admin"] })).toString(
      "base64url",
    );
    await expect(auth.verifyAccessToken(`${head}.${forged}.${signature}`)).resolves.toBeNull();
    await expect(auth.verifyAccessToken("not.a.token")).resolves.toBeNull();
    await expect(auth.verifyAccessToken("")).resolves.toBeNull();
  });

  it("rejects an expired access token", async () => {
    const { issued } = await signIn();
    tick(121_000);
    try {
      await expect(auth.verifyAccessToken(issued.accessToken)).resolves.toBeNull();
    } finally {
      tick(-121_000);
    }
  });

  it("rejects the access token of a revoked session, and its css_tk", async () => {
    const { issued } = await signIn();
    await expect(auth.verifyAccessToken(issued.accessToken)).resolves.not.toBeNull();
    await auth.revokeSession(database.db, issued.sessionId, "signed out");
    await expect(auth.verifyAccessToken(issued.accessToken)).resolves.toBeNull();
    await expect(auth.sessionForToken(issued.sessionToken)).resolves.toBeNull();
  });

  it("another instance sees a revocation within the live-session cache's few seconds", async () => {
    const other = await createAuthService({
      settings,
      database,
      log: createLogger("silent"),
      now: () => clock,
    });
    const { issued } = await signIn();
    await expect(other.verifyAccessToken(issued.accessToken)).resolves.not.toBeNull();
    await auth.revokeSession(database.db, issued.sessionId, "signed out elsewhere");
    tick(LIVE_SESSION_CACHE_MS);
    await expect(other.verifyAccessToken(issued.accessToken)).resolves.toBeNull();
  });

  it("an instance with another PUBLIC_URL (its own port) accepts the same tokens", async () => {
    // PUBLIC_URL defaults to http://localhost:{PORT}: instances on two ports disagree on it.
    const elsewhere = await createAuthService({
      settings: { ...settings, PUBLIC_URL: "http://localhost:3001" },
      database,
      log: createLogger("silent"),
      now: () => clock,
    });
    const { user, issued } = await signIn();
    await expect(elsewhere.verifyAccessToken(issued.accessToken)).resolves.toMatchObject({
      userId: user.id,
    });
  });

  it("a deleted user's sessions are no longer live", async () => {
    const { user, issued } = await signIn();
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    await expect(auth.sessionForToken(issued.sessionToken)).resolves.toBeNull();
    tick(LIVE_SESSION_CACHE_MS);
    await expect(auth.verifyAccessToken(issued.accessToken)).resolves.toBeNull();
  });

  it("revokes all of a user's sessions but the current one", async () => {
    const { user, issued } = await signIn();
    const second = await database.db.transaction((tx) =>
      auth.startSession(tx, user.id, { ip: "198.51.100.1", userAgent: "Phone" }),
    );
    const listed = await auth.listSessions(user.id, issued.sessionId);
    expect(listed.map((s) => [s.sessionId, s.current]).sort()).toEqual(
      [
        [issued.sessionId, true],
        [second.sessionId, false],
      ].sort(),
    );
    await auth.revokeUserSessions(database.db, user.id, "password changed", issued.sessionId);
    await expect(auth.sessionForToken(issued.sessionToken)).resolves.not.toBeNull();
    await expect(auth.sessionForToken(second.sessionToken)).resolves.toBeNull();
    await expect(auth.verifyAccessToken(second.accessToken)).resolves.toBeNull();
    expect(await auth.listSessions(user.id, null)).toHaveLength(1);
  });

  it("rotating the signing key keeps earlier tokens valid and signs new ones with the new key", async () => {
    const { user, issued } = await signIn();
    const oldKid = decodeProtectedHeader(issued.accessToken).kid;
    const newKid = await auth.rotateSigningKey();
    expect(newKid).not.toBe(oldKid);
    await expect(auth.verifyAccessToken(issued.accessToken)).resolves.not.toBeNull();
    const later = await database.db.transaction((tx) => auth.startSession(tx, user.id, client));
    expect(decodeProtectedHeader(later.accessToken).kid).toBe(newKid);
    // An instance that started before the rotation verifies the new key's tokens too.
    await expect(auth.verifyAccessToken(later.accessToken)).resolves.not.toBeNull();
    const jwks = await auth.publicJwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    const active = await database.db.select().from(signingKeys);
    expect(active.filter((k) => k.retiredAt === null)).toHaveLength(1);
    expect(active.every((k) => !k.privateJwkEncrypted.includes('"d"'))).toBe(true);
  });

  it("rotates the refresh token on every use; a spent one works within the grace window", async () => {
    const { issued } = await signIn();
    const first = await auth.refresh(issued.refreshToken, client);
    if (!first.ok) throw new Error(`refresh failed: ${first.reason}`);
    expect(first.tokens.refreshToken).not.toBe(issued.refreshToken);
    expect(first.tokens.expiresIn).toBe(120);
    await expect(auth.verifyAccessToken(first.tokens.accessToken)).resolves.toMatchObject({
      sessionId: issued.sessionId,
    });
    tick(1_000);
    const again = await auth.refresh(issued.refreshToken, client);
    expect(again.ok).toBe(true);
    const second = await auth.refresh(first.tokens.refreshToken, client);
    expect(second.ok).toBe(true);
  });

  it("a spent token presented after the grace window revokes the family and the session", async () => {
    const { issued } = await signIn();
    const first = await auth.refresh(issued.refreshToken, client);
    if (!first.ok) throw new Error("refresh failed");
    tick(2_500);
    await expect(auth.refresh(issued.refreshToken, client)).resolves.toEqual({
      ok: false,
      reason: "reused",
    });
    await expect(auth.refresh(first.tokens.refreshToken, client)).resolves.toMatchObject({
      ok: false,
    });
    await expect(auth.sessionForToken(issued.sessionToken)).resolves.toBeNull();
    await expect(auth.verifyAccessToken(first.tokens.accessToken)).resolves.toBeNull();
  });

  it("refuses unknown refresh tokens", async () => {
    await expect(auth.refresh("nope", client)).resolves.toEqual({ ok: false, reason: "unknown" });
    await expect(auth.refresh("", client)).resolves.toEqual({ ok: false, reason: "unknown" });
  });
});

describe.each(postgresOnly)("sessions under concurrency on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.dispose());

  it("four instances starting at once on an empty database end with one active key", async () => {
    const instances = await Promise.all(
      [1, 2, 3, 4].map(() =>
        createAuthService({ settings, database, log: createLogger("silent") }),
      ),
    );
    const keys = await database.db.select().from(signingKeys);
    expect(keys.filter((k) => k.retiredAt === null)).toHaveLength(1);
    const user = await newUser(database);
    const [a, b] = instances;
    if (!a || !b) throw new Error("instances missing");
    const issued = await database.db.transaction((tx) => a.startSession(tx, user.id, client));
    await expect(b.verifyAccessToken(issued.accessToken)).resolves.not.toBeNull();
  });

  it("two concurrent refreshes with one token within the grace window both succeed", async () => {
    const auth = await createAuthService({ settings, database, log: createLogger("silent") });
    const user = await newUser(database);
    const issued = await database.db.transaction((tx) => auth.startSession(tx, user.id, client));
    const results = await Promise.all([
      auth.refresh(issued.refreshToken, client),
      auth.refresh(issued.refreshToken, client),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const tokens = results.map((r) => (r.ok ? r.tokens : null));
    expect(tokens[0]?.refreshToken).not.toBe(tokens[1]?.refreshToken);
    for (const t of tokens) {
      await expect(auth.verifyAccessToken(t?.accessToken ?? "")).resolves.not.toBeNull();
      const next = await auth.refresh(t?.refreshToken ?? "", client);
      expect(next.ok).toBe(true);
    }
  });

  it("after the grace window the spent token revokes the family and the session", async () => {
    const auth = await createAuthService({ settings, database, log: createLogger("silent") });
    const user = await newUser(database);
    const issued = await database.db.transaction((tx) => auth.startSession(tx, user.id, client));
    const first = await auth.refresh(issued.refreshToken, client);
    expect(first.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const reused = await auth.refresh(issued.refreshToken, client);
    expect(reused).toEqual({ ok: false, reason: "reused" });
    if (first.ok) {
      await expect(auth.refresh(first.tokens.refreshToken, client)).resolves.toMatchObject({
        ok: false,
      });
    }
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, issued.sessionId));
    expect(row?.revokedReason).toBe("refresh token reused");
    const unspent = await database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, issued.sessionId));
    expect(unspent.every((t) => t.spentAt !== null)).toBe(true);
  });
});
