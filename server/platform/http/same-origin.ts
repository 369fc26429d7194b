/**
 * Cross-site request forgery defence for cookie-authenticated requests (page form
 * actions): a state-changing request must come from one of our own pages.
 *
 * Browsers tell us where a request comes from in two headers. `Sec-Fetch-Site` (every
 * current browser) is decisive when present: only `same-origin`, or `none` (typed into
 * the address bar, a bookmark), passes. Otherwise `Origin`, which browsers send on every
 * POST, must be one of ours. A request with neither header comes from a client that is
 * not a browser (curl, a server); such a client cannot ride a victim's cookies, so it
 * passes. Safe methods (GET, HEAD, OPTIONS) always pass: they must not change anything.
 */
export type RequestOrigin = {
  method: string;
  origin: string | null | undefined;
  secFetchSite: string | null | undefined;
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOriginRequest(
  request: RequestOrigin,
  allowedOrigins: readonly string[],
): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return true;
  const site = request.secFetchSite?.trim().toLowerCase();
  if (site) return site === "same-origin" || site === "none";
  const origin = request.origin?.trim();
  if (!origin) return true;
  // `Origin: null` (sandboxed frames, some redirects) is never one of ours.
  return allowedOrigins.some((allowed) => originOf(allowed) === origin.toLowerCase());
}

/** `scheme://host[:port]` in lower case, or null when the value is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    return parsed.origin.toLowerCase();
  } catch {
    return null;
  }
}
