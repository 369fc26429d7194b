import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "waiting-room-place";

const mac = (appSecret: string, body: string) =>
  createHmac("sha256", appSecret).update(`${PURPOSE}\n${body}`).digest("base64url");

/**
 * A place as a signed token bound to its person and event (decision 033): the same token
 * every time for one place, so a reload or another device shows the same. The page keeps
 * it; the place itself is kept by the account, so a device without it still finds it.
 */
export function placeToken(appSecret: string, eventId: string, userId: string, seq: number) {
  const body = Buffer.from(JSON.stringify({ e: eventId, u: userId, q: seq })).toString("base64url");
  return `${body}.${mac(appSecret, body)}`;
}

/** Whether the token is one this server signed for this person and event. */
export function isOwnPlaceToken(
  appSecret: string,
  token: string,
  eventId: string,
  userId: string,
): boolean {
  const [body, signature] = token.split(".");
  if (!body || !signature) return false;
  const expected = Buffer.from(mac(appSecret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    return value.e === eventId && value.u === userId;
  } catch {
    return false;
  }
}
