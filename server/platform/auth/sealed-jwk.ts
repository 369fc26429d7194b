import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { JWK } from "jose";

const ENCRYPTION_VERSION = "v1";

/**
 * AES-256-GCM key for the private JWKs, derived from APP_SECRET (HKDF-SHA256). The info
 * strings name the session keys, where sealing began; every key ring seals with them, so
 * they stay as they are or every stored key becomes unreadable.
 */
function encryptionKey(appSecret: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", appSecret, "signing-keys", "aes-256-gcm private jwk v1", 32),
  );
}

/**
 * A private JWK sealed for storage. `label` is bound as additional data, so a sealed key
 * copied to another row (another kid, another ring's table) does not open.
 */
export function encryptPrivateJwk(appSecret: string, label: string, jwk: JWK): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(appSecret), iv);
  cipher.setAAD(Buffer.from(label));
  const body = Buffer.concat([cipher.update(JSON.stringify(jwk), "utf8"), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url"));
  return [ENCRYPTION_VERSION, ...parts].join(".");
}

export function decryptPrivateJwk(appSecret: string, label: string, sealed: string): JWK {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== ENCRYPTION_VERSION || !iv || !body || !tag) {
    throw new Error(`signing key ${label}: unknown encryption format`);
  }
  const decipher = createDecipheriv(
    "aes-256-gcm",
    encryptionKey(appSecret),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAAD(Buffer.from(label));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
  return JSON.parse(plain) as JWK;
}
