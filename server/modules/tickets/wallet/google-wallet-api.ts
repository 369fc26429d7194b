import { importPKCS8, SignJWT } from "jose";
import type { GoogleCredentials } from "./wallet-credentials.ts";

const WALLET_SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";

export type GoogleWalletApi = {
  /** Sets a saved ticket object INACTIVE; true when done or when it was never saved (404). */
  closeObject(objectId: string): Promise<boolean>;
};

/**
 * Google's Wallet REST API as the service account: an access token from the OAuth token
 * endpoint (a JWT bearer grant, kept until a minute before it expires), then
 * `PATCH /walletobjects/v1/eventTicketObject/{id}`.
 */
export function googleWalletApi(
  credentials: GoogleCredentials,
  urls: { api: string; token: string },
): GoogleWalletApi {
  let cached: { token: string; until: number } | null = null;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const assertion = await new SignJWT({ scope: WALLET_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(credentials.serviceAccountEmail)
      .setAudience(urls.token)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(await importPKCS8(credentials.privateKey, "RS256"));
    const response = await fetch(urls.token, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error("Google token endpoint gave no access_token");
    cached = {
      token: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000,
    };
    return cached.token;
  }
  return {
    async closeObject(objectId) {
      const response = await fetch(
        `${urls.api}/walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`,
        {
          method: "PATCH",
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ state: "INACTIVE" }),
          signal: AbortSignal.timeout(15_000),
        },
      );
      await response.body?.cancel();
      return response.ok || response.status === 404;
    },
  };
}
