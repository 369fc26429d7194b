import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import { loadSettings } from "#server/config.ts";
import type { IssuedSession } from "#server/platform/auth/auth-service.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { KNOWN_DEVICE_COOKIE } from "#server/platform/auth/known-devices.ts";
import { sessionFunctions } from "#server/platform/auth/sessions.functions.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";

const settings = loadSettings({
  NODE_ENV: "test",
  PGLITE_DIR: "memory://",
  APP_SECRET: "f".repeat(32),
});
const client = { ip: "192.0.2.1", userAgent: "Mozilla/5.0 (Phone)" };

function memoryJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const jar: CookieJar = {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    clear: (name) => void values.delete(name),
  };
  return { jar, values };
}

describe.each(testDatabases)("session functions on $name", ({ open }) => {
  let database: TestDatabase;
  let services: Awaited<ReturnType<typeof createServices>>;
  const registry = createRegistry(sessionFunctions);
  let phone = 0;

  beforeAll(async () => {
    database = await open();
    services = await createServices(settings, database, createLogger("silent"));
  });
  afterAll(() => database?.dispose());

  async function signIn(): Promise<IssuedSession & { userId: string }> {
    phone += 1;
    const [user] = await database.db
      .insert(users)
      .values({ name: "Kay", phone: `+1555222${String(phone).padStart(4, "0")}` })
      .returning();
    if (!user) throw new Error("no user");
    const issued = await database.db.transaction((tx) =>
      services.auth.startSession(tx, user.id, client),
    );
    return { ...issued, userId: user.id };
  }

  function context(auth: Auth | null, jar: CookieJar): FunctionContext {
    return {
      auth,
      requestId: "test",
      log: createLogger("silent"),
      db: database.db,
      client,
      cookies: jar,
      services,
      signal: new AbortController().signal,
      acceptsStreaming: false,
      sendChunk: () => {},
    };
  }

  const authOf = (s: IssuedSession & { userId: string }): Auth => ({
    userId: s.userId,
    sessionId: s.sessionId,
    roles: [],
  });

  it("sessions.current names the signed-in user", async () => {
    const s = await signIn();
    const { jar } = memoryJar();
    await expect(
      registry.invoke("sessions.current", null, context(authOf(s), jar)),
    ).resolves.toEqual({ id: s.userId, name: "Kay", sessionId: s.sessionId });
    await expect(
      registry.invoke("sessions.current", null, context(null, jar)),
    ).rejects.toMatchObject({ status: "UNAUTHENTICATED" });
  });

  it("sessions.list shows the user's live sessions with the current one marked", async () => {
    const s = await signIn();
    const other = await database.db.transaction((tx) =>
      services.auth.startSession(tx, s.userId, { ip: "192.0.2.2", userAgent: "Laptop" }),
    );
    const { jar } = memoryJar();
    const list = (await registry.invoke("sessions.list", null, context(authOf(s), jar))) as {
      sessionId: string;
      userAgent: string;
      current: boolean;
      lastUsedAt: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list.find((x) => x.current)?.sessionId).toBe(s.sessionId);
    expect(list.find((x) => !x.current)).toMatchObject({
      sessionId: other.sessionId,
      userAgent: "Laptop",
    });
    expect(Number.isNaN(Date.parse(list[0]?.lastUsedAt ?? ""))).toBe(false);
  });

  it("sessions.revoke ends one of your own sessions, and answers NOT_FOUND for anyone else's", async () => {
    const mine = await signIn();
    const mySecond = await database.db.transaction((tx) =>
      services.auth.startSession(tx, mine.userId, client),
    );
    const theirs = await signIn();
    const { jar } = memoryJar();
    const ctx = context(authOf(mine), jar);
    await expect(
      registry.invoke("sessions.revoke", { sessionId: theirs.sessionId }, ctx),
    ).rejects.toMatchObject({ status: "NOT_FOUND" });
    await expect(services.auth.sessionForToken(theirs.sessionToken)).resolves.not.toBeNull();
    await expect(
      registry.invoke("sessions.revoke", { sessionId: mySecond.sessionId }, ctx),
    ).resolves.toEqual({ revoked: true });
    await expect(services.auth.sessionForToken(mySecond.sessionToken)).resolves.toBeNull();
    await expect(
      registry.invoke("sessions.revoke", { sessionId: mySecond.sessionId }, ctx),
    ).rejects.toMatchObject({ status: "NOT_FOUND" });
  });

  it("sessions.signOut revokes the current session and clears its cookies, keeping the device known", async () => {
    const s = await signIn();
    const { jar, values } = memoryJar();
    services.auth.writeSessionCookies(jar, s);
    expect([...values.keys()].sort()).toEqual(
      [
        SESSION_COOKIE,
        ACCESS_TOKEN_COOKIE,
        EXPIRY_COOKIE,
        REFRESH_TOKEN_COOKIE,
        KNOWN_DEVICE_COOKIE,
      ].sort(),
    );
    await registry.invoke("sessions.signOut", null, context(authOf(s), jar));
    expect([...values.keys()]).toEqual([KNOWN_DEVICE_COOKIE]);
    await expect(services.auth.sessionForToken(s.sessionToken)).resolves.toBeNull();
    await expect(services.auth.verifyAccessToken(s.accessToken)).resolves.toBeNull();
  });

  it("sessions.rotateSigningKey is for admins only", async () => {
    const s = await signIn();
    const { jar } = memoryJar();
    await expect(
      registry.invoke("sessions.rotateSigningKey", null, context(authOf(s), jar)),
    ).rejects.toMatchObject({ status: "PERMISSION_DENIED" });
    const admin = { ...authOf(s), roles: ["admin"] };
    const { kid } = (await registry.invoke(
      "sessions.rotateSigningKey",
      null,
      context(admin, jar),
    )) as {
      kid: string;
    };
    await expect(services.auth.verifyAccessToken(s.accessToken)).resolves.not.toBeNull();
    expect((await services.auth.publicJwks()).keys.map((k) => k.kid)).toContain(kid);
  });

  it("sessions.signOut without a bearer ends the session its css_tk names", async () => {
    const s = await signIn();
    const { jar } = memoryJar({ [SESSION_COOKIE]: s.sessionToken });
    await registry.invoke("sessions.signOut", null, context(null, jar));
    await expect(services.auth.sessionForToken(s.sessionToken)).resolves.toBeNull();
  });
});
