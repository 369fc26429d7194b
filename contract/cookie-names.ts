/** The session cookie that gates access (seed spec section 9). HttpOnly. */
export const SESSION_COOKIE = "css_tk";

/**
 * Names of the cookies that carry the API session: the bearer for authenticated calls,
 * its expiry (read by the refresh scheduler) and the refresh token. The one definition.
 */
export const ACCESS_TOKEN_COOKIE = "access_token";
export const EXPIRY_COOKIE = "token_expiry";
export const REFRESH_TOKEN_COOKIE = "refresh_token";
