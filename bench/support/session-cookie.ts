import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE,
} from "#contract/cookie-names.ts";

/** The Cookie header of a session started by `auth.startSession`: pages as that person. */
export function sessionCookie(session: {
  sessionToken: string;
  accessToken: string;
  accessTokenExpiresAt: number | string;
  refreshToken: string;
}): string {
  return [
    `${SESSION_COOKIE}=${session.sessionToken}`,
    `${ACCESS_TOKEN_COOKIE}=${session.accessToken}`,
    `${EXPIRY_COOKIE}=${session.accessTokenExpiresAt}`,
    `${REFRESH_TOKEN_COOKIE}=${session.refreshToken}`,
  ].join("; ");
}
