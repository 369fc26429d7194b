/**
 * The person's place token of each event's room, kept in this browser (issue 28: the
 * place survives a reload; on another device the server finds it by the account).
 */
const key = (shortId: string) => `waiting-room:${shortId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage refused (private mode, a blocked cookie setting): the server still knows.
    return null;
  }
}

export function readPlaceToken(shortId: string): string | undefined {
  return storage()?.getItem(key(shortId)) ?? undefined;
}

export function keepPlaceToken(shortId: string, token: string): void {
  storage()?.setItem(key(shortId), token);
}

export function forgetPlaceToken(shortId: string): void {
  storage()?.removeItem(key(shortId));
}
