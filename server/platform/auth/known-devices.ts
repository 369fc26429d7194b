import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import { readSignedValue, signValue } from "#server/platform/http/signed-value.ts";

/**
 * Which accounts have signed in on this browser before: a signed HttpOnly cookie that
 * outlives sign-out. An account under a password-guessing attack still lets its owner in
 * with the right password from such a device (OWASP: a lockout must not lock out the
 * owner); from a new device it asks for a one-time code instead.
 */
export const KNOWN_DEVICE_COOKIE = "known_device";
const PURPOSE = "known-device";
const LIFETIME_SECONDS = 400 * 24 * 60 * 60;
/** A shared computer remembers the last few accounts only. */
const MAX_ACCOUNTS = 5;

function accountsOn(appSecret: string, cookies: CookieJar): string[] {
  const value = readSignedValue(appSecret, PURPOSE, cookies.get(KNOWN_DEVICE_COOKIE));
  const users = value?.users;
  return Array.isArray(users) ? users.filter((id): id is string => typeof id === "string") : [];
}

export function isKnownDevice(appSecret: string, cookies: CookieJar, userId: string): boolean {
  return accountsOn(appSecret, cookies).includes(userId);
}

/** Called at every browser sign-in: this account, most recent first. */
export function rememberDevice(appSecret: string, cookies: CookieJar, userId: string): void {
  const users = [userId, ...accountsOn(appSecret, cookies).filter((id) => id !== userId)];
  cookies.set(
    KNOWN_DEVICE_COOKIE,
    signValue(appSecret, PURPOSE, { users: users.slice(0, MAX_ACCOUNTS) }, LIFETIME_SECONDS),
    { httpOnly: true, maxAge: LIFETIME_SECONDS },
  );
}
