import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
} from "#contract/cookie-names.ts";
import type { RefreshOutcome } from "./refresh-token.ts";

/** Seed spec section 9: refresh 60 s before expiry; with 60 s or fewer left, at once. */
export const REFRESH_MARGIN_MS = 60_000;

/** A server that cannot be reached is asked again after 5 s, then 10, 20… at most 60 s. */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 60_000;

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
  /** `refreshOutcome` from refresh-token.ts: the token, refused, or unreachable. */
  refresh(): Promise<RefreshOutcome>;
  /** Calls back when the browser says it is online again; answers the unsubscribe. */
  onOnline(callback: () => void): () => void;
  /** Leaves for /login (seed section 4). */
  goToLogin(): void;
};

/**
 * The page's side of the session (seed spec section 4). On start it reads the expiry
 * cookie (epoch ms): with 60 s or fewer left it refreshes at once, otherwise 60 s before
 * expiry. A successful refresh stores the new token and expiry and schedules the next; a
 * refusal clears the cookies and goes to /login. A server that cannot be reached has
 * refused nothing: everything stays (a door phone offline keeps its scanner, decision
 * 030) and the refresh is tried again with a backoff (`RETRY_FIRST_MS` doubling up to
 * `RETRY_MAX_MS`), and at once when the browser comes back online. A second timer clears
 * the access token and expiry cookies when the expiry passes (at once if it already has),
 * retries or not. Without an expiry cookie nobody is signed in and nothing is scheduled.
 * Returns a stop function.
 *
 * The refresh token cookie is HttpOnly, so the page cannot see whether it exists: a
 * missing one shows up as the server's 401 (refused). Never two refreshes at once: the
 * server rotates the refresh token on every use and takes a spent one's reuse for theft.
 */
export function startSessionWatcher(deps: SessionWatcherDeps): () => void {
  let refreshTimer: TimerHandle | undefined;
  let expiryTimer: TimerHandle | undefined;
  let stopped = false;
  let refreshing = false;
  /** The wait before the next retry while the server cannot be reached; undefined: it can. */
  let retryDelay: number | undefined;

  function clearRefreshTimer() {
    if (refreshTimer !== undefined) deps.clearTimeout(refreshTimer);
    refreshTimer = undefined;
  }

  function clearTimers() {
    clearRefreshTimer();
    if (expiryTimer !== undefined) deps.clearTimeout(expiryTimer);
    expiryTimer = undefined;
  }

  function clearAccess() {
    deps.clearCookie(ACCESS_TOKEN_COOKIE);
    deps.clearCookie(EXPIRY_COOKIE);
  }

  async function refreshNow() {
    clearRefreshTimer();
    refreshing = true;
    const outcome = await deps.refresh();
    refreshing = false;
    if (stopped) return;
    if ("unreachable" in outcome) {
      retryLater();
      return;
    }
    if ("refused" in outcome) {
      endSession();
      return;
    }
    retryDelay = undefined;
    const expiresAt = deps.now() + outcome.token.expires_in * 1000;
    deps.setCookie(ACCESS_TOKEN_COOKIE, outcome.token.access_token);
    deps.setCookie(EXPIRY_COOKIE, String(expiresAt));
    schedule(expiresAt);
  }

  /** Keeps the cookies and the expiry timer: only the refresh is tried again. */
  function retryLater() {
    const delay = retryDelay ?? RETRY_FIRST_MS;
    retryDelay = Math.min(delay * 2, RETRY_MAX_MS);
    refreshTimer = deps.setTimeout(() => void refreshNow(), delay);
  }

  function retryNowIfWaiting() {
    if (stopped || refreshing || retryDelay === undefined) return;
    void refreshNow();
  }

  function endSession() {
    stop();
    clearAccess();
    deps.clearCookie(REFRESH_TOKEN_COOKIE);
    deps.goToLogin();
  }

  function schedule(expiresAt: number) {
    clearTimers();
    const remaining = expiresAt - deps.now();
    if (remaining <= 0) clearAccess();
    else expiryTimer = deps.setTimeout(clearAccess, remaining);
    if (remaining <= REFRESH_MARGIN_MS) void refreshNow();
    else refreshTimer = deps.setTimeout(() => void refreshNow(), remaining - REFRESH_MARGIN_MS);
  }

  const stopListening = deps.onOnline(retryNowIfWaiting);
  function stop() {
    stopped = true;
    clearTimers();
    stopListening();
  }

  const expiry = Number(deps.readCookie(EXPIRY_COOKIE));
  if (deps.readCookie(EXPIRY_COOKIE) !== undefined && Number.isFinite(expiry)) schedule(expiry);

  return stop;
}
