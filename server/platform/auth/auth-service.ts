import type { Auth, ClientInfo } from "#server/platform/auth/caller.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";

/** What signing someone in produces: the cookie values, and the tokens for API clients. */
export type IssuedSession = {
  sessionId: string;
  userId: string;
  /** Value of `css_tk` (opaque; stored hashed). */
  sessionToken: string;
  accessToken: string;
  /** Opaque; stored hashed; rotated on every use. */
  refreshToken: string;
  /** Seconds the access token lives (the refresh endpoint's `expires_in`). */
  expiresIn: number;
  /** Epoch milliseconds when the access token expires (the expiry cookie's value). */
  accessTokenExpiresAt: number;
  /** When the session ends at the latest (the cookies' lifetime). */
  sessionExpiresAt: Date;
};

export type LiveSession = { sessionId: string; userId: string; roles: readonly string[] };

export type SessionSummary = {
  sessionId: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  current: boolean;
};

/**
 * Sessions and tokens (seed spec sections 3, 4, 7, 9; ARCHITECTURE "Contracts").
 * Implemented by server/platform/auth/create-auth-service.ts.
 */
export type AuthService = {
  /** Creates a session and its first tokens, in the caller's transaction. */
  startSession(tx: Executor, userId: string, client: ClientInfo): Promise<IssuedSession>;
  /** Sets css_tk, the access token, refresh token and expiry cookies; remembers the device. */
  writeSessionCookies(cookies: CookieJar, issued: IssuedSession): void;
  /** Whether `userId` signed in on this browser before (known-devices.ts). */
  isKnownDevice(cookies: CookieJar, userId: string): boolean;
  /** Clears all four cookies. */
  clearSessionCookies(cookies: CookieJar): void;
  /** A valid, unexpired access token of a live session → who it is; else null. */
  verifyAccessToken(token: string): Promise<Auth | null>;
  /** The live session a css_tk value names; null when made up, revoked, expired or its user deleted. */
  sessionForToken(sessionToken: string): Promise<LiveSession | null>;
  /** The live sessions of many session tokens in one read, by token (live streams' re-check). */
  sessionsForTokens(sessionTokens: readonly string[]): Promise<Map<string, LiveSession>>;
  revokeSession(tx: Executor, sessionId: string, reason: string): Promise<void>;
  /** Every session of the user, except `exceptSessionId` when given (password change keeps the current one). */
  revokeUserSessions(
    tx: Executor,
    userId: string,
    reason: string,
    exceptSessionId?: string,
  ): Promise<void>;
  listSessions(userId: string, currentSessionId: string | null): Promise<SessionSummary[]>;
  /**
   * A new signing key for new tokens; earlier keys keep verifying until their tokens
   * expire, so nobody is signed out. Returns the new key id.
   */
  rotateSigningKey(): Promise<string>;
};
