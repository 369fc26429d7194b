import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { isUuid } from "#contract/uuid.ts";
import { expiringCache } from "./expiring-cache.ts";
import { type KeyStore, SIGNING_ALG } from "./signing-keys.ts";

const VERIFIED_CACHE_MAX = 10_000;

export type AccessTokenClaims = { userId: string; sessionId: string; expiresAt: number };

/**
 * The `iss` of every access token, the same on every instance (decision 025). It was
 * PUBLIC_URL, whose default names the instance's port, so instances started without it
 * refused each other's tokens. What makes a token ours is the shared signing key.
 */
export const ACCESS_TOKEN_ISSUER = "urn:tickets:access-token";

/**
 * Access tokens: EdDSA JWTs naming the session (`sid`) and the user (`sub`), signed with
 * the shared signing key and checked against every key still in use. Whether the session
 * is still live is the auth service's business, not this module's.
 */
export function accessTokens(options: { keys: KeyStore; ttlSeconds: number; now: () => number }) {
  const { keys, ttlSeconds, now } = options;

  async function signAccessToken(sessionId: string, userId: string, roles: readonly string[]) {
    const { kid, key } = await keys.signingKey();
    const issuedAt = Math.floor(now() / 1000);
    const expiresAtSeconds = issuedAt + ttlSeconds;
    const accessToken = await new SignJWT({ sid: sessionId, roles: [...roles] })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: "JWT" })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .sign(key);
    return { accessToken, accessTokenExpiresAt: expiresAtSeconds * 1000 };
  }

  /** A valid token's claims, or null. Does not check the session. */
  async function verifySignature(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = header.kid ? await keys.verificationKey(header.kid) : null;
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key;
        },
        { algorithms: [SIGNING_ALG], issuer: ACCESS_TOKEN_ISSUER, currentDate: new Date(now()) },
      );
      const sid = payload.sid;
      if (typeof payload.sub !== "string" || typeof sid !== "string" || !isUuid(sid)) {
        return null;
      }
      return { userId: payload.sub, sessionId: sid, expiresAt: (payload.exp ?? 0) * 1000 };
    } catch {
      return null;
    }
  }

  /**
   * Tokens whose signature was checked lately, so a client calling many times a second
   * (a hold, then its release) is not verified again each time: the signature check was
   * the largest single cost of a callable call. An entry lives at most a minute and never
   * past the token's expiry; the caller still checks the session on every call.
   */
  const verified = expiringCache<AccessTokenClaims>(VERIFIED_CACHE_MAX, now);

  async function verifiedClaims(token: string): Promise<AccessTokenClaims | null> {
    const cached = verified.get(token);
    if (cached) return cached;
    const claims = await verifySignature(token);
    if (!claims) return null;
    verified.set(token, claims, Math.min(claims.expiresAt, now() + 60_000));
    return claims;
  }

  return { signAccessToken, verifySignature, verifiedClaims };
}
