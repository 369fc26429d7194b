import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { JWK } from "jose";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "../../../app/session/cookie-names.ts";
import type { Settings } from "../../config.ts";
import { users } from "../../modules/accounts/accounts.schema.ts";
import type { Auth } from "../callable/define-function.ts";
import type { DatabaseHandle, Executor } from "../db.ts";
import type { Logger } from "../logger.ts";
import type { ClientInfo, CookieJar } from "../services.ts";
import { accessTokens } from "./access-tokens.ts";
import { refreshTokens, sessions } from "./auth.schema.ts";
import type { AuthService, IssuedSession, LiveSession, SessionSummary } from "./auth-service.ts";
import { expiringCache } from "./expiring-cache.ts";
import { createKeyStore } from "./signing-keys.ts";

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

export type RefreshedTokens = Omit<IssuedSession, "sessionToken">;
export type RefreshOutcome =
  | { ok: true; tokens: RefreshedTokens }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" | "other-session" };

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

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createAuthService(deps: AuthServiceDeps): Promise<SessionAuthority> {
  const { settings, log } = deps;
  const db = deps.database.db;
  const now = deps.now ?? Date.now;
  const ttlSeconds = settings.ACCESS_TOKEN_TTL_SECONDS;
  const graceMs = settings.REFRESH_GRACE_SECONDS * 1000;
  const issuer = settings.PUBLIC_URL;
  const keys = await createKeyStore({
    db,
    appSecret: settings.APP_SECRET,
    tokenTtlSeconds: ttlSeconds,
    now,
  });
  const { signAccessToken, verifySignature, verifiedClaims } = accessTokens({
    keys,
    issuer,
    ttlSeconds,
    now,
  });
  const liveness = expiringCache<{ live: LiveSession | null }>(LIVE_SESSION_CACHE_MAX, now);

  function forget(sessionId?: string, userId?: string) {
    liveness.deleteWhere(
      (id, entry) => id === sessionId || Boolean(userId && entry.live?.userId === userId),
    );
  }

  async function newRefreshToken(tx: Executor, sessionId: string, expiresAt: Date) {
    const refreshToken = randomToken();
    const id = randomUUID();
    await tx.insert(refreshTokens).values({
      id,
      sessionId,
      tokenHash: sha256(refreshToken),
      createdAt: new Date(now()),
      expiresAt,
    });
    return { id, refreshToken };
  }

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

  function cookieMaxAge(sessionExpiresAt: Date): number {
    return Math.max(0, Math.floor((sessionExpiresAt.getTime() - now()) / 1000));
  }

  function writeTokenCookies(cookies: CookieJar, tokens: RefreshedTokens) {
    const maxAge = cookieMaxAge(tokens.sessionExpiresAt);
    // The page sends the access token as a bearer and schedules renewal from the expiry:
    // both readable. The refresh token only ever goes to our own endpoint: HttpOnly.
    cookies.set(ACCESS_TOKEN_COOKIE, tokens.accessToken, { httpOnly: false, maxAge });
    cookies.set(EXPIRY_COOKIE, String(tokens.accessTokenExpiresAt), { httpOnly: false, maxAge });
    cookies.set(REFRESH_TOKEN_COOKIE, tokens.refreshToken, { httpOnly: true, maxAge });
  }

  function clearSessionCookies(cookies: CookieJar) {
    for (const name of [SESSION_COOKIE, ACCESS_TOKEN_COOKIE, EXPIRY_COOKIE, REFRESH_TOKEN_COOKIE]) {
      cookies.clear(name);
    }
  }

  async function revokeSession(tx: Executor, sessionId: string, reason: string) {
    if (!uuidPattern.test(sessionId)) return;
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(now()), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    forget(sessionId);
  }

  async function refresh(
    refreshToken: string,
    client: ClientInfo,
    expectedSessionId?: string,
  ): Promise<RefreshOutcome> {
    if (!refreshToken || refreshToken.length > 200) return { ok: false, reason: "unknown" };
    const hash = sha256(refreshToken);
    const outcome = await db.transaction(async (tx) => {
      const at = new Date(now());
      // Locks the token's row: two requests with one token are decided one after the other.
      const [row] = await tx
        .select({
          id: refreshTokens.id,
          spentAt: refreshTokens.spentAt,
          expiresAt: refreshTokens.expiresAt,
          sessionId: sessions.id,
          userId: sessions.userId,
          sessionExpiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          roles: users.roles,
          deletedAt: users.deletedAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, hash))
        .for("update", { of: refreshTokens });
      if (!row) return { ok: false, reason: "unknown" } as const;
      if (expectedSessionId && row.sessionId !== expectedSessionId) {
        return { ok: false, reason: "other-session" } as const;
      }
      if (row.revokedAt || row.deletedAt || row.sessionExpiresAt <= at) {
        return { ok: false, reason: "revoked" } as const;
      }
      if (row.expiresAt <= at) return { ok: false, reason: "expired" } as const;
      if (row.spentAt && at.getTime() - row.spentAt.getTime() > graceMs) {
        // A spent token, long after it was spent: it was copied. End the whole family.
        await tx
          .update(sessions)
          .set({ revokedAt: at, revokedReason: "refresh token reused" })
          .where(eq(sessions.id, row.sessionId));
        await tx
          .update(refreshTokens)
          .set({ spentAt: at })
          .where(and(eq(refreshTokens.sessionId, row.sessionId), isNull(refreshTokens.spentAt)));
        return { ok: false, reason: "reused", sessionId: row.sessionId } as const;
      }
      const next = await newRefreshToken(tx, row.sessionId, row.sessionExpiresAt);
      if (!row.spentAt) {
        await tx
          .update(refreshTokens)
          .set({ spentAt: at, replacedBy: next.id })
          .where(eq(refreshTokens.id, row.id));
      }
      // Within the grace window a spent token gets a sibling: both tabs hold valid tokens.
      await tx
        .update(sessions)
        .set({ lastUsedAt: at, userAgent: client.userAgent, ip: client.ip })
        .where(eq(sessions.id, row.sessionId));
      return { ok: true, row, refreshToken: next.refreshToken } as const;
    });
    if (!outcome.ok) {
      if (outcome.reason === "reused") {
        forget(outcome.sessionId);
        log.warn({ sessionId: outcome.sessionId }, "refresh token reused: session revoked");
        return { ok: false, reason: "reused" };
      }
      return { ok: false, reason: outcome.reason };
    }
    const { row } = outcome;
    const access = await signAccessToken(row.sessionId, row.userId, row.roles);
    return {
      ok: true,
      tokens: {
        sessionId: row.sessionId,
        refreshToken: outcome.refreshToken,
        expiresIn: ttlSeconds,
        sessionExpiresAt: row.sessionExpiresAt,
        ...access,
      },
    };
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
        sessionToken,
        refreshToken,
        expiresIn: ttlSeconds,
        sessionExpiresAt,
        ...access,
      };
    },

    writeSessionCookies(cookies, issued) {
      cookies.set(SESSION_COOKIE, issued.sessionToken, {
        httpOnly: true,
        maxAge: cookieMaxAge(issued.sessionExpiresAt),
      });
      writeTokenCookies(cookies, issued);
    },

    clearSessionCookies,
    verifyAccessToken,
    sessionForToken,
    revokeSession,

    async revokeUserSessions(tx, userId, reason, exceptSessionId) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId && uuidPattern.test(exceptSessionId)) {
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
        // Tokens without a session cookie are leftovers: the page must not act on them.
        const leftovers = [ACCESS_TOKEN_COOKIE, EXPIRY_COOKIE, REFRESH_TOKEN_COOKIE];
        if (leftovers.some((name) => cookies.get(name))) clearSessionCookies(cookies);
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
