import { readSignedValue, signValue } from "#server/platform/http/signed-value.ts";

const PURPOSE = "waiting-room-place";
const TOKEN_DAYS = 7;

/**
 * A place as a signed token bound to its person and event (decision 033). The page keeps
 * it; the place itself is kept by the account, so another device finds it without one.
 */
export function placeToken(appSecret: string, eventId: string, userId: string, seq: number) {
  return signValue(appSecret, PURPOSE, { e: eventId, u: userId, q: seq }, TOKEN_DAYS * 86_400);
}

/** Whether the token is one this server signed for this person and event. */
export function isOwnPlaceToken(
  appSecret: string,
  token: string,
  eventId: string,
  userId: string,
): boolean {
  const value = readSignedValue(appSecret, PURPOSE, token);
  return value !== null && value.e === eventId && value.u === userId;
}
