import express, { type Request } from "express";
import { REFRESH_TOKEN_COOKIE, SESSION_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { SignedInCheck } from "#server/platform/http/gate-middleware.ts";
import { clientInfo, expressCookieJar } from "#server/platform/http/http-cookies.ts";
import type { RateLimiter, RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import type { SessionAuthority } from "./create-auth-service.ts";

/** Generous for people (a refresh every few minutes per tab), tight for guessing. */
export const refreshRateRule: RateRule = {
  name: "refresh-token",
  limit: 60,
  windowSeconds: 60,
  blockSeconds: 60,
};

export type RefreshRouteDeps = {
  auth: SessionAuthority;
  rateLimiter: RateLimiter;
  secureCookies: boolean;
};

/**
 * `POST /refresh-token` (mounted under /api): `{refresh_token}` in the body, or else the
 * refresh cookie; no bearer. Answers `{access_token, expires_in}` and re-sets the token
 * cookies; any failure is a 401 that clears every session cookie.
 */
export function refreshTokenRouter(deps: RefreshRouteDeps): express.Router {
  const router = express.Router();
  router.post("/refresh-token", express.json({ limit: "4kb" }), async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      const client = clientInfo(req);
      const decision = await deps.rateLimiter.hit(refreshRateRule, client.ip);
      if (!decision.allowed) {
        res.setHeader("Retry-After", String(decision.retryAfterSeconds));
        res.status(429).json({
          error: { status: "RESOURCE_EXHAUSTED", message: "Too many attempts." },
        });
        return;
      }
      const cookies = expressCookieJar(req, res, deps.secureCookies);
      const given = (req.body as { refresh_token?: unknown } | undefined)?.refresh_token;
      const token =
        typeof given === "string" && given !== "" ? given : cookies.get(REFRESH_TOKEN_COOKIE);
      const outcome = token ? await deps.auth.refresh(token, client) : null;
      if (!outcome?.ok) {
        deps.auth.clearSessionCookies(cookies);
        res.status(401).json({
          error: { status: "UNAUTHENTICATED", message: "Please sign in again." },
        });
        return;
      }
      deps.auth.writeTokenCookies(cookies, outcome.tokens);
      res.json({
        access_token: outcome.tokens.accessToken,
        expires_in: outcome.tokens.expiresIn,
        token_type: "Bearer",
      });
    } catch (error) {
      next(error);
    }
  });
  // A body that cannot be read (not JSON, over 4 KB, an unknown charset or encoding, a
  // broken gzip: express.json's 4xx errors): the same answer as a bad token.
  router.use(
    "/refresh-token",
    (error: unknown, req: Request, res: express.Response, next: express.NextFunction) => {
      const status = (error as { status?: unknown }).status;
      if (typeof status !== "number" || status < 400 || status > 499) return next(error);
      deps.auth.clearSessionCookies(expressCookieJar(req, res, deps.secureCookies));
      res.status(401).json({
        error: { status: "UNAUTHENTICATED", message: "Please sign in again." },
      });
    },
  );
  return router;
}

/** The gate's check: css_tk names a live session. */
export function liveSessionCheck(auth: SessionAuthority): SignedInCheck {
  return async (req: Request) => {
    const token = readCookie(SESSION_COOKIE, req.headers.cookie ?? "");
    return token ? (await auth.sessionForToken(token)) !== null : false;
  };
}

/** Page loads: who the cookies sign in, renewing the access token when needed. */
export function pageAuthResolver(auth: SessionAuthority) {
  return (req: Request, cookies: CookieJar) => auth.resolvePageAuth(cookies, clientInfo(req));
}
