import { REDIRECT_PARAM } from "#contract/gate.ts";
import { safeRedirect } from "#contract/safe-redirect.ts";

/** The page's `redirect` parameter, kept only when it is a path on this site. */
export function redirectParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get(REDIRECT_PARAM);
  const safe = safeRedirect(value, "");
  return safe || null;
}

/** `path?redirect=…` carrying the redirect on to the next screen of a flow. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  if (!redirect) return path;
  const joiner = path.includes("?") ? "&" : "?";
  return `${path}${joiner}${new URLSearchParams({ [REDIRECT_PARAM]: redirect })}`;
}
