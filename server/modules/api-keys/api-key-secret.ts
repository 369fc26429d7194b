import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from "#contract/api-keys.ts";
import { randomToken, sha256 } from "#server/platform/auth/token-hash.ts";

/**
 * A new key: the whole `secret`, shown once, and what is stored of it (its SHA-256 and
 * its first characters, to tell keys apart in the list).
 */
export function newApiKeySecret() {
  const secret = API_KEY_PREFIX + randomToken();
  return { secret, secretHash: sha256(secret), start: secret.slice(0, API_KEY_SHOWN_LENGTH) };
}
