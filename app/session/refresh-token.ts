import { REFRESH_TOKEN_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";

export type RefreshedToken = { access_token: string; expires_in: number };

/**
 * How a refresh ended. `refused`: the server (or what answered for it) said no, and the
 * session is over. `unreachable`: nobody decided anything, the session may well be alive
 * (a door phone offline, decision 030), so ask again later rather than sign the person out.
 */
export type RefreshOutcome = { token: RefreshedToken } | { refused: true } | { unreachable: true };

export type RefreshOptions = {
  /** Origin (and path prefix) of the API; default: the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
};

/**
 * Statuses that say "not now" rather than "no": a server down behind a proxy (5xx), a
 * request that timed out (408), rate limited (429). The seed's failure is a refusal (401).
 */
function saysNotNow(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Trades the refresh token (given, or else the refresh token cookie) for a new access
 * token: `POST /api/refresh-token` with `{refresh_token}`, never with a bearer, since
 * the access token is the thing that expired. Tells a refusal from a server that could
 * not be reached (see `RefreshOutcome`).
 */
export async function refreshOutcome(
  refreshToken: string | undefined = readCookie(REFRESH_TOKEN_COOKIE),
  options: RefreshOptions = {},
): Promise<RefreshOutcome> {
  const url = `${(options.baseUrl ?? "").replace(/\/+$/, "")}/api/refresh-token`;
  let text: string;
  try {
    const response = await (options.fetch ?? globalThis.fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (saysNotNow(response.status)) return { unreachable: true };
    if (!response.ok) return { refused: true };
    // Read apart from parsing: a connection cut mid-body is the network, not a refusal.
    text = await response.text();
  } catch {
    return { unreachable: true };
  }
  const token = tokenOf(parsedJson(text));
  return token ? { token } : { refused: true };
}

/**
 * The seed's call (section 7): the new token, or null on any failure, whatever kind.
 * The session watcher needs the kind and calls `refreshOutcome`.
 */
export async function refreshAccessToken(
  refreshToken: string | undefined = readCookie(REFRESH_TOKEN_COOKIE),
  options: RefreshOptions = {},
): Promise<RefreshedToken | null> {
  const outcome = await refreshOutcome(refreshToken, options);
  return "token" in outcome ? outcome.token : null;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
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
