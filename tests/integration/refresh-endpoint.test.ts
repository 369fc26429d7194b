import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshAccessToken } from "#app/session/refresh-token.ts";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import { createApp } from "#server/app.ts";
import { loadSettings } from "#server/config.ts";
import { refreshRateRule, refreshTokenRouter } from "#server/platform/auth/auth-http.ts";
import type { IssuedSession } from "#server/platform/auth/auth-service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";

const settings = loadSettings({
  NODE_ENV: "test",
  PGLITE_DIR: "memory://",
  APP_SECRET: "r".repeat(32),
  ACCESS_TOKEN_TTL_SECONDS: "300",
  REFRESH_GRACE_SECONDS: "1",
});
const client = { ip: "127.0.0.1", userAgent: "test" };

/** Set-Cookie lines by cookie name. */
function setCookies(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]),
  );
}

describe.each(testDatabases)("POST /api/refresh-token on $name", ({ open }) => {
  let database: TestDatabase;
  let server: Server;
  let url: string;
  let services: Awaited<ReturnType<typeof createServices>>;
  let phone = 0;

  beforeAll(async () => {
    database = await open();
    services = await createServices(settings, database, createLogger("silent"));
    const app = createApp({
      services,
      registry: createRegistry([]),
      verifyBearer: (token) => services.auth.verifyAccessToken(token),
      jwks: () => services.auth.publicJwks(),
      apiRoutes: [
        refreshTokenRouter({
          auth: services.auth,
          rateLimiter: services.rateLimiter,
          secureCookies: false,
        }),
      ],
      secureTransport: false,
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
  });

  async function signIn(): Promise<IssuedSession> {
    phone += 1;
    const [user] = await database.db
      .insert(users)
      .values({ name: "Bo", phone: `+1555111${String(phone).padStart(4, "0")}` })
      .returning();
    if (!user) throw new Error("no user");
    return database.db.transaction((tx) => services.auth.startSession(tx, user.id, client));
  }

  const post = (body: unknown, cookie?: string) =>
    fetch(`${url}/api/refresh-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });

  it("trades the body's refresh token for a new access token and re-sets the cookies", async () => {
    const issued = await signIn();
    const response = await post({ refresh_token: issued.refreshToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(300);
    await expect(services.auth.verifyAccessToken(body.access_token)).resolves.toMatchObject({
      sessionId: issued.sessionId,
    });
    const cookies = setCookies(response);
    expect(cookies.get(ACCESS_TOKEN_COOKIE)).toContain(body.access_token);
    expect(cookies.get(ACCESS_TOKEN_COOKIE)).not.toMatch(/HttpOnly/i);
    expect(cookies.get(EXPIRY_COOKIE)).toMatch(new RegExp(`^${EXPIRY_COOKIE}=\\d{13};`));
    expect(cookies.get(REFRESH_TOKEN_COOKIE)).toMatch(/HttpOnly/i);
    expect(cookies.get(REFRESH_TOKEN_COOKIE)).not.toContain(issued.refreshToken);
  });

  it("uses the refresh cookie when the body has none, through the page's helper", async () => {
    const issued = await signIn();
    const fetchWithCookie: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          Cookie: `${REFRESH_TOKEN_COOKIE}=${issued.refreshToken}`,
        },
      });
    const token = await refreshAccessToken(undefined, { baseUrl: url, fetch: fetchWithCookie });
    expect(token?.expires_in).toBe(300);
  });

  it("answers 401 and clears every session cookie for an unknown or missing token", async () => {
    for (const response of [await post({ refresh_token: "made-up" }), await post({})]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { status: "UNAUTHENTICATED" } });
      const cookies = setCookies(response);
      for (const name of [
        SESSION_COOKIE,
        ACCESS_TOKEN_COOKIE,
        EXPIRY_COOKIE,
        REFRESH_TOKEN_COOKIE,
      ]) {
        expect(cookies.get(name)).toMatch(/Expires=Thu, 01 Jan 1970/);
      }
    }
  });

  it("answers a body that is not JSON with 401, not a server error", async () => {
    const response = await fetch(`${url}/api/refresh-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { status: "UNAUTHENTICATED" } });
  });

  it("answers a large body, a foreign charset and a false gzip with 4xx, not a server error", async () => {
    const odd: { headers: Record<string, string>; body: string }[] = [
      {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refresh_token: "x".repeat(5000) }),
      },
      {
        headers: { "Content-Type": "application/json; charset=koi8-r" },
        body: '{"refresh_token":"abc"}',
      },
      {
        headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
        body: '{"refresh_token":"abc"}',
      },
    ];
    for (const { headers, body } of odd) {
      const response = await fetch(`${url}/api/refresh-token`, { method: "POST", headers, body });
      expect(response.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });

  it("a spent token after the grace window is refused and ends the session", async () => {
    const issued = await signIn();
    const first = await post({ refresh_token: issued.refreshToken });
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await post({ refresh_token: issued.refreshToken })).status).toBe(401);
    await expect(services.auth.sessionForToken(issued.sessionToken)).resolves.toBeNull();
  });

  // Last of the file: it uses up this IP's allowance.
  it("limits refresh attempts per IP", async () => {
    let limited: Response | null = null;
    for (let i = 0; i < refreshRateRule.limit + 1 && !limited; i++) {
      const response = await post({ refresh_token: `guess-${i}` });
      if (response.status === 429) limited = response;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited?.json()).toMatchObject({ error: { status: "RESOURCE_EXHAUSTED" } });
  });

  it("serves the public signing keys at /.well-known/jwks.json", async () => {
    const response = await fetch(`${url}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" });
    expect(keys[0]).not.toHaveProperty("d");
  });
});
