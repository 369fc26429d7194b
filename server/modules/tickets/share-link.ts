import { createHash, randomBytes } from "node:crypto";

/** A share link's secret: 128 random bits; only its hash is kept. */
export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString("base64url");
  return { token, hash: shareTokenHash(token) };
}

export function shareTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** `/ticket/{id}?s=…`: where the recipient of a ticket given away opens and claims it. */
export function sharePath(ticketId: string, token: string): string {
  return `/ticket/${ticketId}?s=${encodeURIComponent(token)}`;
}
