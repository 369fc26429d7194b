import { ACCESS_TOKEN_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";

/** Settings of one call. */
export type CallOptions = {
  /** Send `Authorization: Bearer` with the access token (the seed's "authenticated" call). */
  authenticated?: boolean;
  /** Milliseconds before the call fails with deadline-exceeded. Plain calls: 70 000. */
  timeout?: number;
  /** Aborting it fails the call with cancelled. */
  signal?: AbortSignal;
  /** Sent as `Firebase-Instance-ID-Token` (the messaging registration token). */
  instanceIdToken?: string;
  /** Sent as `X-Firebase-AppCheck`. */
  appCheckToken?: string;
};

/** Where calls go and how they are sent; per-call settings may be given here as defaults. */
export type CallableOptions = CallOptions & {
  /** Origin (and path prefix) of the server; default: the page's own origin. */
  baseUrl?: string;
  /** Where the bearer comes from; default: the access token cookie. */
  getAccessToken?: () => string | undefined;
  fetch?: typeof globalThis.fetch;
};

export const DEFAULT_TIMEOUT_MS = 70_000;

export function functionUrl(baseUrl: string | undefined, name: string): string {
  return `${(baseUrl ?? "").replace(/\/+$/, "")}/api/fn/${encodeURIComponent(name)}`;
}

/** The POST of one call: `{data}` as JSON, with the bearer and optional token headers. */
export function callRequest(data: unknown, options: CallableOptions, streaming: boolean) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (streaming) headers.Accept = "text/event-stream";
  if (options.authenticated) {
    const token = (options.getAccessToken ?? accessTokenCookie)();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (options.instanceIdToken) headers["Firebase-Instance-ID-Token"] = options.instanceIdToken;
  if (options.appCheckToken) headers["X-Firebase-AppCheck"] = options.appCheckToken;
  // `undefined` is not JSON; the protocol's "no data" is null.
  const body = JSON.stringify({ data: data === undefined ? null : data });
  return { method: "POST", headers, body } satisfies RequestInit;
}

function accessTokenCookie(): string | undefined {
  return readCookie(ACCESS_TOKEN_COOKIE);
}
