import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
} from "#contract/cookie-names.ts";
import type { RefreshOutcome } from "./refresh-token.ts";
import {
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  type SessionWatcherDeps,
  startSessionWatcher,
} from "./session-watcher.ts";

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

const token = (access_token: string, expires_in: number): RefreshOutcome => ({
  token: { access_token, expires_in },
});
const refused: RefreshOutcome = { refused: true };
const unreachable: RefreshOutcome = { unreachable: true };

/**
 * A page's cookies, navigation and `online` event, on vitest's fake clock and timers.
 * The refresh answers `answers` in turn, then refusals.
 */
function fakePage(cookies: Record<string, string>, answers: RefreshOutcome[]) {
  const jar = new Map(Object.entries(cookies));
  const refresh = vi.fn(async () => answers.shift() ?? refused);
  const goToLogin = vi.fn();
  const onlineListeners = new Set<() => void>();
  const goOnline = () => {
    for (const listener of onlineListeners) listener();
  };
  const deps: SessionWatcherDeps = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    readCookie: (name) => jar.get(name),
    setCookie: (name, value) => void jar.set(name, value),
    clearCookie: (name) => void jar.delete(name),
    refresh,
    onOnline(callback) {
      onlineListeners.add(callback);
      return () => void onlineListeners.delete(callback);
    },
    goToLogin,
  };
  return { jar, refresh, goToLogin, goOnline, onlineListeners, deps };
}

const signedIn = (expiresInMs: number) => ({
  [ACCESS_TOKEN_COOKIE]: "old-access",
  [EXPIRY_COOKIE]: String(T0 + expiresInMs),
  [REFRESH_TOKEN_COOKIE]: "refresh",
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startSessionWatcher (seed spec section 4)", () => {
  it("refreshes at once when 60 s or fewer remain", async () => {
    const page = fakePage(signedIn(60_000), [token("new", 900)]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("new");
    expect(page.jar.get(EXPIRY_COOKIE)).toBe(String(T0 + 900_000));
  });

  it("refreshes at once when the expiry has already passed, clearing the stale token first", async () => {
    const page = fakePage(signedIn(-5_000), [token("new", 900)]);
    const seen: (string | undefined)[] = [];
    page.refresh.mockImplementation(async () => {
      seen.push(page.jar.get(ACCESS_TOKEN_COOKIE));
      return token("new", 900);
    });
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([undefined]);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("new");
  });

  it("schedules the refresh 60 s before expiry otherwise, and the next after it", async () => {
    const page = fakePage(signedIn(15 * 60_000), [token("second", 300), token("third", 300)]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1);
    expect(page.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("second");
    const refreshedAt = T0 + 14 * 60_000;
    expect(page.jar.get(EXPIRY_COOKIE)).toBe(String(refreshedAt + 300_000));
    // The next: 300 s later minus the 60 s margin.
    await vi.advanceTimersByTimeAsync(240_000 - 1);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.refresh).toHaveBeenCalledTimes(2);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("third");
    // The old token's expiry passing no longer clears the new token.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("third");
    expect(page.goToLogin).not.toHaveBeenCalled();
  });

  it("clears the cookies and goes to /login when the refresh is refused", async () => {
    const page = fakePage(signedIn(30_000), [refused]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    expect(page.goToLogin).toHaveBeenCalledTimes(1);
    expect([...page.jar.keys()]).toEqual([]);
    // Nothing more happens afterwards.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    expect(page.goToLogin).toHaveBeenCalledTimes(1);
  });

  it("a scheduled refresh that is refused also ends at /login", async () => {
    const page = fakePage(signedIn(10 * 60_000), [refused]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(page.goToLogin).toHaveBeenCalledTimes(1);
    expect(page.jar.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    expect(page.jar.has(REFRESH_TOKEN_COOKIE)).toBe(false);
  });

  it("clears the access token and expiry when the expiry passes", async () => {
    const page = fakePage(signedIn(10 * 60_000), []);
    // The refresh hangs (say, the network is gone): only the expiry timer acts.
    page.refresh.mockImplementation(() => new Promise(() => {}));
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("old-access");
    await vi.advanceTimersByTimeAsync(1);
    expect(page.jar.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    expect(page.jar.has(EXPIRY_COOKIE)).toBe(false);
    expect(page.jar.get(REFRESH_TOKEN_COOKIE)).toBe("refresh");
    expect(page.goToLogin).not.toHaveBeenCalled();
  });

  it("does nothing without an expiry cookie (nobody signed in)", async () => {
    const page = fakePage({}, []);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(page.refresh).not.toHaveBeenCalled();
    expect(page.goToLogin).not.toHaveBeenCalled();
  });

  it("stops all timers when stopped", async () => {
    const page = fakePage(signedIn(10 * 60_000), []);
    const stop = startSessionWatcher(page.deps);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(page.refresh).not.toHaveBeenCalled();
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("old-access");
    expect(page.onlineListeners.size).toBe(0);
  });
});

describe("startSessionWatcher when the server cannot be reached (a door phone offline)", () => {
  it("keeps the person signed in and retries after 5 s, then 10, 20, 40, and 60 s at most", async () => {
    const page = fakePage(signedIn(30_000), Array(8).fill(unreachable));
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    const waits = [RETRY_FIRST_MS, 10_000, 20_000, 40_000, RETRY_MAX_MS, RETRY_MAX_MS, 60_000];
    for (const [n, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(page.refresh).toHaveBeenCalledTimes(n + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(page.refresh).toHaveBeenCalledTimes(n + 2);
    }
    expect(page.goToLogin).not.toHaveBeenCalled();
    expect(page.jar.get(REFRESH_TOKEN_COOKIE)).toBe("refresh");
  });

  it("keeps the cookies until the expiry passes, then clears the access token and expiry as ever", async () => {
    const page = fakePage(signedIn(30_000), Array(8).fill(unreachable));
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(page.refresh).toHaveBeenCalledTimes(3);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("old-access");
    expect(page.jar.get(EXPIRY_COOKIE)).toBe(String(T0 + 30_000));
    await vi.advanceTimersByTimeAsync(1);
    expect(page.jar.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    expect(page.jar.has(EXPIRY_COOKIE)).toBe(false);
    expect(page.jar.get(REFRESH_TOKEN_COOKIE)).toBe("refresh");
    expect(page.goToLogin).not.toHaveBeenCalled();
  });

  it("retries at once when the browser comes back online, instead of waiting out the backoff", async () => {
    const page = fakePage(signedIn(30_000), [unreachable, token("back", 900)]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    page.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).toHaveBeenCalledTimes(2);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("back");
    // The backoff's timer went with it: the next refresh is the normal one, 60 s before expiry.
    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(page.refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.refresh).toHaveBeenCalledTimes(3);
  });

  it("does not refresh on `online` when nothing is waiting for the server", async () => {
    const page = fakePage(signedIn(10 * 60_000), [token("early", 900)]);
    startSessionWatcher(page.deps);
    page.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).not.toHaveBeenCalled();
  });

  it("never starts a second refresh while one is on its way (the refresh token rotates)", async () => {
    const page = fakePage(signedIn(30_000), [unreachable]);
    let answer: (outcome: RefreshOutcome) => void = () => {};
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    page.refresh.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(page.refresh).toHaveBeenCalledTimes(2);
    page.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).toHaveBeenCalledTimes(2);
    answer(token("back", 900));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("back");
  });

  it("schedules the next refresh as usual once a retry succeeds, and backs off from 5 s again later", async () => {
    const page = fakePage(signedIn(30_000), [
      unreachable,
      unreachable,
      token("back", 300),
      unreachable,
      token("again", 300),
    ]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS + 10_000);
    expect(page.refresh).toHaveBeenCalledTimes(3);
    const backAt = T0 + 15_000;
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("back");
    expect(page.jar.get(EXPIRY_COOKIE)).toBe(String(backAt + 300_000));
    // 300 s minus the 60 s margin.
    await vi.advanceTimersByTimeAsync(240_000 - 1);
    expect(page.refresh).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.refresh).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(page.refresh).toHaveBeenCalledTimes(5);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("again");
    expect(page.goToLogin).not.toHaveBeenCalled();
  });

  it("still goes to /login when a retry is refused, and stops listening for `online`", async () => {
    const page = fakePage(signedIn(30_000), [unreachable, refused]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(page.refresh).toHaveBeenCalledTimes(2);
    expect(page.goToLogin).toHaveBeenCalledTimes(1);
    expect([...page.jar.keys()]).toEqual([]);
    expect(page.onlineListeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(page.refresh).toHaveBeenCalledTimes(2);
  });
});
