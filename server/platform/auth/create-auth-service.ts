import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { JWK } from "jose";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import { isUuid } from "#contract/uuid.ts";
import type { Settings } from "#server/config.ts";
import type { Auth, ClientInfo } from "#server/platform/auth/caller.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { DatabaseHandle, Executor } from "#server/platform/db/database.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { accessTokens } from "./access-tokens.ts";
import { sessions } from "./auth.schema.ts";
import type { AuthService, LiveSession, SessionSummary } from "./auth-service.ts";
import { expiringCache } from "./expiring-cache.ts";
import { isKnownDevice, rememberDevice } from "./known-devices.ts";
import { type RefreshOutcome, refreshRotation } from "./refresh-rotation.ts";
import { type RefreshedTokens, sessionCookies } from "./session-cookies.ts";
import { createKeyStore } from "./signing-keys.ts";
import { randomToken, sha256 } from "./token-hash.ts";

/** A session lives at most this long from sign-in, however often its tokens are renewed. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long an instance trusts its last look at whether a session is live, when checking
 * access tokens. A revocation on this instance takes effect at once; on another instance
 * within this long. Bounded by design: a few seconds, never the token's lifetime.
 */
export const LIVE_SESSION_CACHE_MS = 3_000;
const LIVE_SESSION_CACHE_MAX = 10_000;
/** The page renews a token with a minute or less left; so do page loads on the server. */
const RENEW_MARGIN_MS = 60_000;

/** The contract plus what the HTTP layer needs: the refresh endpoint, JWKS, page loads. */
export type SessionAuthority = AuthService & {
  /**
   * Spends a refresh token and issues the next (and a new access token). Within the
   * grace window a just-spent token succeeds again; after it, its reuse revokes the
   * session and every token of its family.
   */
  refresh(
    refreshToken: string,
    client: ClientInfo,
    expectedSessionId?: string,
  ): Promise<RefreshOutcome>;
  /** Sets the access token, refresh token and expiry cookies (not css_tk). */
  writeTokenCookies(cookies: CookieJar, tokens: RefreshedTokens): void;
  /**
   * Who a page load's cookies sign in: css_tk must name a live session; an access token
   * that is missing, invalid or about to expire is renewed with the refresh cookie, and
   * the new cookies written. A failed renewal signs the browser out (cookies cleared).
   */
  resolvePageAuth(cookies: CookieJar, client: ClientInfo): Promise<Auth | null>;
  publicJwks(): Promise<{ keys: JWK[] }>;
};

export type AuthServiceDeps = {
  settings: Settings;
  database: DatabaseHandle;
  log: Logger;
  /** Tests: a clock (epoch ms) other than the machine's. */
  now?: () => number;
};

export async function createAuthService(deps: AuthServiceDeps): Promise<SessionAuthority> {
  const { settings, log } = deps;
  const db = deps.database.db;
  const now = deps.now ?? Date.now;
  const ttlSeconds = settings.ACCESS_TOKEN_TTL_SECONDS;
  const graceMs = settings.REFRESH_GRACE_SECONDS * 1000;
  const keys = await createKeyStore({
    db,
    appSecret: settings.APP_SECRET,
    tokenTtlSeconds: ttlSeconds,
    now,
  });
  const { signAccessToken, verifySignature, verifiedClaims } = accessTokens({
    keys,
    ttlSeconds,
    now,
  });
  const liveness = expiringCache<{ live: LiveSession | null }>(LIVE_SESSION_CACHE_MAX, now);
  const { writeTokenCookies, writeSessionCookies, clearSessionCookies, clearLeftovers } =
    sessionCookies(now);

  function forget(sessionId?: string, userId?: string) {
    liveness.deleteWhere(
      (id, entry) => id === sessionId || Boolean(userId && entry.live?.userId === userId),
    );
  }
  const { newRefreshToken, refresh } = refreshRotation({
    db,
    log,
    now,
    graceMs,
    ttlSeconds,
    signAccessToken,
    forget: (sessionId) => forget(sessionId),
  });

  /** Live session by id, looked up at most every LIVE_SESSION_CACHE_MS. */
  async function liveSessionById(sessionId: string): Promise<LiveSession | null> {
    const cached = liveness.get(sessionId);
    if (cached) return cached.live;
    const [row] = await db
      .select({ sessionId: sessions.id, userId: sessions.userId, roles: users.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now())),
          isNull(users.deletedAt),
        ),
      );
    const live = row ?? null;
    liveness.set(sessionId, { live }, now() + LIVE_SESSION_CACHE_MS);
    return live;
  }

  async function verifyAccessToken(token: string): Promise<Auth | null> {
    const claims = await verifiedClaims(token);
    if (!claims) return null;
    const live = await liveSessionById(claims.sessionId);
    if (!live || live.userId !== claims.userId) return null;
    return { userId: live.userId, sessionId: live.sessionId, roles: live.roles };
  }

  async function sessionForToken(sessionToken: string): Promise<LiveSession | null> {
    if (!sessionToken) return null;
    const [row] = await db
      .select({ sessionId: sessions.id, userId: sessions.userId, roles: users.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sha256(sessionToken)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now())),
          isNull(users.deletedAt),
        ),
      );
    return row ?? null;
  }

  async function sessionsForTokens(tokens: readonly string[]): Promise<Map<string, LiveSession>> {
    const byHash = new Map(tokens.filter(Boolean).map((token) => [sha256(token), token]));
    const live = new Map<string, LiveSession>();
    const hashes = [...byHash.keys()];
    // A few thousand values a statement, well inside PostgreSQL's parameter limit.
    for (let start = 0; start < hashes.length; start += 5000) {
      const rows = await db
        .select({
          tokenHash: sessions.tokenHash,
          sessionId: sessions.id,
          userId: sessions.userId,
          roles: users.roles,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.tokenHash, hashes.slice(start, start + 5000)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date(now())),
            isNull(users.deletedAt),
          ),
        );
      for (const { tokenHash, ...session } of rows) {
        const token = byHash.get(tokenHash);
        if (token) live.set(token, session);
      }
    }
    return live;
  }

  async function revokeSession(tx: Executor, sessionId: string, reason: string) {
    if (!isUuid(sessionId)) return;
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(now()), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    forget(sessionId);
  }

  return {
    async startSession(tx, userId, client) {
      const [user] = await tx
        .select({ roles: users.roles })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      if (!user) throw new Error("startSession: no such user");
      const sessionToken = randomToken();
      const sessionId = randomUUID();
      const at = new Date(now());
      const sessionExpiresAt = new Date(at.getTime() + SESSION_LIFETIME_SECONDS * 1000);
      await tx.insert(sessions).values({
        id: sessionId,
        userId,
        tokenHash: sha256(sessionToken),
        userAgent: client.userAgent,
        ip: client.ip,
        createdAt: at,
        lastUsedAt: at,
        expiresAt: sessionExpiresAt,
      });
      const { refreshToken } = await newRefreshToken(tx, sessionId, sessionExpiresAt);
      const access = await signAccessToken(sessionId, userId, user.roles);
      return {
        sessionId,
        userId,
        sessionToken,
        refreshToken,
        expiresIn: ttlSeconds,
        sessionExpiresAt,
        ...access,
      };
    },

    writeSessionCookies(cookies, issued) {
      writeSessionCookies(cookies, issued);
      rememberDevice(settings.APP_SECRET, cookies, issued.userId);
    },
    isKnownDevice: (cookies, userId) => isKnownDevice(settings.APP_SECRET, cookies, userId),

    clearSessionCookies,
    verifyAccessToken,
    sessionForToken,
    sessionsForTokens,
    revokeSession,

    async revokeUserSessions(tx, userId, reason, exceptSessionId) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId && isUuid(exceptSessionId)) {
        conditions.push(ne(sessions.id, exceptSessionId));
      }
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(now()), revokedReason: reason })
        .where(and(...conditions));
      forget(undefined, userId);
    },

    async listSessions(userId, currentSessionId): Promise<SessionSummary[]> {
      const rows = await db
        .select({
          sessionId: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date(now())),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt));
      return rows.map((row) => ({ ...row, current: row.sessionId === currentSessionId }));
    },

    refresh,
    writeTokenCookies,

    async resolvePageAuth(cookies, client) {
      const sessionToken = cookies.get(SESSION_COOKIE);
      if (!sessionToken) {
        clearLeftovers(cookies);
        return null;
      }
      const live = await sessionForToken(sessionToken);
      if (!live) {
        clearSessionCookies(cookies);
        return null;
      }
      const auth: Auth = { userId: live.userId, sessionId: live.sessionId, roles: live.roles };
      const accessToken = cookies.get(ACCESS_TOKEN_COOKIE);
      const claims = accessToken ? await verifySignature(accessToken) : null;
      if (
        claims?.sessionId === live.sessionId &&
        claims.expiresAt - now() > RENEW_MARGIN_MS &&
        cookies.get(EXPIRY_COOKIE)
      ) {
        return auth;
      }
      const refreshToken = cookies.get(REFRESH_TOKEN_COOKIE);
      const renewed = refreshToken ? await refresh(refreshToken, client, live.sessionId) : null;
      if (!renewed?.ok) {
        // Without a working refresh token the session cannot go on: sign this browser out.
        clearSessionCookies(cookies);
        return null;
      }
      writeTokenCookies(cookies, renewed.tokens);
      return auth;
    },

    publicJwks: () => keys.publicJwks(),
    async rotateSigningKey() {
      const kid = await keys.rotate();
      log.info({ kid }, "signing key rotated");
      return kid;
    },
  };
}
