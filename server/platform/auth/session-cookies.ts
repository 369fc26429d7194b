import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { IssuedSession } from "./auth-service.ts";

export type RefreshedTokens = Omit<IssuedSession, "sessionToken">;

/** The four session cookies of seed spec section 3, living as long as their session. */
export function sessionCookies(now: () => number) {
  function cookieMaxAge(sessionExpiresAt: Date): number {
    return Math.max(0, Math.floor((sessionExpiresAt.getTime() - now()) / 1000));
  }

  /** Sets the access token, refresh token and expiry cookies (not css_tk). */
  function writeTokenCookies(cookies: CookieJar, tokens: RefreshedTokens): void {
    const maxAge = cookieMaxAge(tokens.sessionExpiresAt);
    // The page sends the access token as a bearer and schedules renewal from the expiry:
    // both readable. The refresh token only ever goes to our own endpoint: HttpOnly.
    cookies.set(ACCESS_TOKEN_COOKIE, tokens.accessToken, { httpOnly: false, maxAge });
    cookies.set(EXPIRY_COOKIE, String(tokens.accessTokenExpiresAt), { httpOnly: false, maxAge });
    cookies.set(REFRESH_TOKEN_COOKIE, tokens.refreshToken, { httpOnly: true, maxAge });
  }

  /** Sets css_tk (HttpOnly) and the three token cookies. */
  function writeSessionCookies(cookies: CookieJar, issued: IssuedSession): void {
    cookies.set(SESSION_COOKIE, issued.sessionToken, {
      httpOnly: true,
      maxAge: cookieMaxAge(issued.sessionExpiresAt),
    });
    writeTokenCookies(cookies, issued);
  }

  function clearSessionCookies(cookies: CookieJar): void {
    for (const name of [SESSION_COOKIE, ACCESS_TOKEN_COOKIE, EXPIRY_COOKIE, REFRESH_TOKEN_COOKIE]) {
      cookies.clear(name);
    }
  }

  /** Token cookies without a session cookie are leftovers: the page must not act on them. */
  function clearLeftovers(cookies: CookieJar): void {
    const leftovers = [ACCESS_TOKEN_COOKIE, EXPIRY_COOKIE, REFRESH_TOKEN_COOKIE];
    if (leftovers.some((name) => cookies.get(name))) clearSessionCookies(cookies);
  }

  return { writeTokenCookies, writeSessionCookies, clearSessionCookies, clearLeftovers };
}
