import { createHash, randomBytes } from "node:crypto";

/** How opaque tokens are stored: their SHA-256, so a copy of the table signs nobody in. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** A fresh opaque token: 256 random bits. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}
