import { REFRESH_TOKEN_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";

export type RefreshedToken = { access_token: string; expires_in: number };

export type RefreshOptions = {
  /** Origin (and path prefix) of the API; default: the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
};

/**
 * Trades the refresh token (given, or else the refresh token cookie) for a new access
 * token: `POST /api/refresh-token` with `{refresh_token}`, never with a bearer, since
 * the access token is the thing that expired. Any failure yields null (seed section 7):
 * the caller's answer to null is to send the person to sign in again.
 */
export async function refreshAccessToken(
  refreshToken: string | undefined = readCookie(REFRESH_TOKEN_COOKIE),
  options: RefreshOptions = {},
): Promise<RefreshedToken | null> {
  const url = `${(options.baseUrl ?? "").replace(/\/+$/, "")}/api/refresh-token`;
  try {
    const response = await (options.fetch ?? globalThis.fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!response.ok) return null;
    return tokenOf(await response.json());
  } catch {
    return null;
  }
}

function tokenOf(body: unknown): RefreshedToken | null {
  if (typeof body !== "object" || body === null) return null;
  const { access_token, expires_in } = body as Record<string, unknown>;
  if (typeof access_token !== "string" || access_token === "") return null;
  if (typeof expires_in !== "number" || !Number.isFinite(expires_in) || expires_in < 0) {
    return null;
  }
  return { access_token, expires_in };
}
