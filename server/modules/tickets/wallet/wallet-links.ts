import { createHmac } from "node:crypto";
import type { WalletAvailability } from "./wallet-settings.ts";

/**
 * The key in a wallet link (`?k=`): an HMAC of the ticket and its generation under
 * APP_SECRET, so the link in an email works without signing in, and stops working when
 * the ticket is passed on (a new generation) like its QR.
 */
export function walletLinkKey(secret: string, ticket: { id: string; generation: number }): string {
  return createHmac("sha256", secret)
    .update(`wallet:${ticket.id}:${ticket.generation}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The wallet links of a ticket (paths; add PUBLIC_URL for an email), the configured ones only. */
export function walletPaths(
  secret: string,
  ticket: { id: string; generation: number },
  available: WalletAvailability,
): { apple: string | null; google: string | null } {
  const key = walletLinkKey(secret, ticket);
  return {
    apple: available.apple ? `/wallet/apple/${ticket.id}.pkpass?k=${key}` : null,
    google: available.google ? `/wallet/google/${ticket.id}?k=${key}` : null,
  };
}
