import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCESS_TOKEN_COOKIE,
  EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
} from "#contract/cookie-names.ts";
import type { RefreshedToken } from "./refresh-token.ts";
import { type SessionWatcherDeps, startSessionWatcher } from "./session-watcher.ts";

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

/** A page's cookies and navigation, on vitest's fake clock and timers. */
function fakePage(cookies: Record<string, string>, answers: (RefreshedToken | null)[]) {
  const jar = new Map(Object.entries(cookies));
  const refresh = vi.fn(async () => answers.shift() ?? null);
  const goToLogin = vi.fn();
  const deps: SessionWatcherDeps = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    readCookie: (name) => jar.get(name),
    setCookie: (name, value) => void jar.set(name, value),
    clearCookie: (name) => void jar.delete(name),
    refresh,
    goToLogin,
  };
  return { jar, refresh, goToLogin, deps };
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
    const page = fakePage(signedIn(60_000), [{ access_token: "new", expires_in: 900 }]);
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.refresh).toHaveBeenCalledTimes(1);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("new");
    expect(page.jar.get(EXPIRY_COOKIE)).toBe(String(T0 + 900_000));
  });

  it("refreshes at once when the expiry has already passed, clearing the stale token first", async () => {
    const page = fakePage(signedIn(-5_000), [{ access_token: "new", expires_in: 900 }]);
    const seen: (string | undefined)[] = [];
    page.refresh.mockImplementation(async () => {
      seen.push(page.jar.get(ACCESS_TOKEN_COOKIE));
      return { access_token: "new", expires_in: 900 };
    });
    startSessionWatcher(page.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([undefined]);
    expect(page.jar.get(ACCESS_TOKEN_COOKIE)).toBe("new");
  });

  it("schedules the refresh 60 s before expiry otherwise, and the next after it", async () => {
    const page = fakePage(signedIn(15 * 60_000), [
      { access_token: "second", expires_in: 300 },
      { access_token: "third", expires_in: 300 },
    ]);
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

  it("clears the cookies and goes to /login when the refresh fails", async () => {
    const page = fakePage(signedIn(30_000), [null]);
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

  it("a scheduled refresh that fails also ends at /login", async () => {
    const page = fakePage(signedIn(10 * 60_000), [null]);
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
  });
});
