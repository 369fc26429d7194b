// Read by the server (run by Node without a bundler) and the pages: imports keep ".ts".
import { SESSION_COOKIE } from "./cookie-names.ts";
import { readCookie } from "./read-cookie.ts";

/**
 * The seed spec's section 6: without the session cookie, these paths redirect to
 * /login?redirect={original full path}. The one definition of the list; the server's
 * gate middleware and the router's root middleware both call isGatedPath.
 */
export const gatedPrefixes = [
  "/team_coordinator",
  "/order",
  "/booking",
  "/profile",
  "/assign",
  "/notification",
  "/message",
  "/ticket-detail",
  "/my_ticket",
  "/my-ticket",
  "/delete_account",
  "/confirm_delete_account",
] as const;

export const REDIRECT_PARAM = "redirect";

/**
 * A prefix matches whole path segments: `/booking` and `/booking/7` are gated, while
 * `/booking_refrence` (listed by the spec as not gated) is not.
 */
export function isGatedPath(pathname: string): boolean {
  return gatedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** `/login?redirect=…` carrying the full original path with its query. */
export function loginRedirectFor(pathWithSearch: string): string {
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: pathWithSearch })}`;
}

/** Whether a Cookie header carries a non-empty session cookie. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return readCookie(SESSION_COOKIE, cookieHeader ?? "") !== undefined;
}
