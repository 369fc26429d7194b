import { useEffect } from "react";
import { readCookie } from "#contract/read-cookie.ts";
import { refreshOutcome } from "./refresh-token.ts";
import { type SessionWatcherDeps, startSessionWatcher } from "./session-watcher.ts";

function cookieAttributes(): string {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  return `; Path=/; SameSite=Lax${secure}`;
}

/** The watcher's dependencies in a browser: real clock, timers, cookies, navigation. */
export function browserWatcherDeps(): SessionWatcherDeps {
  return {
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    readCookie: (name) => readCookie(name),
    setCookie(name, value) {
      // Mirrors what the server set; the server's cookie lifetime is the session's.
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
      document.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes()}; Max-Age=${30 * 24 * 60 * 60}`;
    },
    clearCookie(name) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
      document.cookie = `${name}=${cookieAttributes()}; Max-Age=0`;
    },
    refresh: () => refreshOutcome(),
    onOnline(callback) {
      window.addEventListener("online", callback);
      return () => window.removeEventListener("online", callback);
    },
    goToLogin: () => window.location.assign("/login"),
  };
}

/**
 * Keeps the signed-in page's access token fresh (seed section 4). Restarts when the
 * signed-in session changes (sign-in, sign-out), `sessionKey` being e.g. its id.
 */
export function useSessionWatcher(sessionKey: string | null): void {
  useEffect(() => {
    if (!sessionKey) return;
    return startSessionWatcher(browserWatcherDeps());
  }, [sessionKey]);
}
