import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A small JSON value, signed with APP_SECRET for one purpose and with an expiry, for
 * short-lived HttpOnly cookies (the OpenID Connect flow, the deletion step). Not secret,
 * only tamper-proof.
 */
export function signValue(
  appSecret: string,
  purpose: string,
  value: Record<string, unknown>,
  lifetimeSeconds: number,
): string {
  const body = Buffer.from(
    JSON.stringify({ ...value, exp: Date.now() + lifetimeSeconds * 1000 }),
  ).toString("base64url");
  return `${body}.${mac(appSecret, purpose, body)}`;
}

/** The value, or null when the signature is wrong, the purpose differs or it expired. */
export function readSignedValue(
  appSecret: string,
  purpose: string,
  signed: string | undefined,
): Record<string, unknown> | null {
  if (!signed) return null;
  const [body, signature] = signed.split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(mac(appSecret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    return typeof value.exp === "number" && value.exp > Date.now() ? value : null;
  } catch {
    return null;
  }
}

function mac(appSecret: string, purpose: string, body: string): string {
  return createHmac("sha256", appSecret).update(`${purpose}\n${body}`).digest("base64url");
}
