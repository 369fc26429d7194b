import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
} from "#contract/cookie-names.ts";
import type { RefreshedToken } from "./refresh-token.ts";

/** Seed spec section 9: refresh 60 s before expiry; with 60 s or fewer left, at once. */
export const REFRESH_MARGIN_MS = 60_000;

type TimerHandle = unknown;

/** Everything the watcher touches, injected so its timing is tested with fake clocks. */
export type SessionWatcherDeps = {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  readCookie(name: string): string | undefined;
  /** Sets a cookie the page can read (path /); `maxAgeSeconds` omitted: keep the browser's. */
  setCookie(name: string, value: string): void;
  clearCookie(name: string): void;
  /** `refreshAccessToken` from refresh-token.ts: null on any failure. */
  refresh(): Promise<RefreshedToken | null>;
  /** Leaves for /login (seed section 4). */
  goToLogin(): void;
};

/**
 * The page's side of the session (seed spec section 4). On start it reads the expiry
 * cookie (epoch ms): with 60 s or fewer left it refreshes at once, otherwise 60 s before
 * expiry. A successful refresh stores the new token and expiry and schedules the next; a
 * failure clears the cookies and goes to /login. A second timer clears the access token
 * and expiry cookies when the expiry passes (at once if it already has). Without an
 * expiry cookie nobody is signed in and nothing is scheduled. Returns a stop function.
 *
 * The refresh token cookie is HttpOnly, so the page cannot see whether it exists: a
 * missing one shows up as the server's 401 (refresh null), handled as a failure.
 */
export function startSessionWatcher(deps: SessionWatcherDeps): () => void {
  let refreshTimer: TimerHandle | undefined;
  let expiryTimer: TimerHandle | undefined;
  let stopped = false;

  function clearTimers() {
    if (refreshTimer !== undefined) deps.clearTimeout(refreshTimer);
    if (expiryTimer !== undefined) deps.clearTimeout(expiryTimer);
    refreshTimer = undefined;
    expiryTimer = undefined;
  }

  function clearAccess() {
    deps.clearCookie(ACCESS_TOKEN_COOKIE);
    deps.clearCookie(EXPIRY_COOKIE);
  }

  async function refreshNow() {
    refreshTimer = undefined;
    const token = await deps.refresh();
    if (stopped) return;
    if (!token) {
      clearTimers();
      clearAccess();
      deps.clearCookie(REFRESH_TOKEN_COOKIE);
      stopped = true;
      deps.goToLogin();
      return;
    }
    const expiresAt = deps.now() + token.expires_in * 1000;
    deps.setCookie(ACCESS_TOKEN_COOKIE, token.access_token);
    deps.setCookie(EXPIRY_COOKIE, String(expiresAt));
    schedule(expiresAt);
  }

  function schedule(expiresAt: number) {
    clearTimers();
    const remaining = expiresAt - deps.now();
    if (remaining <= 0) clearAccess();
    else expiryTimer = deps.setTimeout(clearAccess, remaining);
    if (remaining <= REFRESH_MARGIN_MS) void refreshNow();
    else refreshTimer = deps.setTimeout(() => void refreshNow(), remaining - REFRESH_MARGIN_MS);
  }

  const expiry = Number(deps.readCookie(EXPIRY_COOKIE));
  if (deps.readCookie(EXPIRY_COOKIE) !== undefined && Number.isFinite(expiry)) schedule(expiry);

  return () => {
    stopped = true;
    clearTimers();
  };
}
