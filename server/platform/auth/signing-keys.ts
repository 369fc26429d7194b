import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { SIGNING_KEY_LOCK } from "#server/platform/db/advisory-locks.ts";
import type { Database } from "#server/platform/db/database.ts";
import { signingKeys } from "./auth.schema.ts";
import { createKeyRing, type KeyAlgorithm } from "./key-ring.ts";

export const SIGNING_ALG = "EdDSA";

export type KeyStoreOptions = {
  db: Database;
  appSecret: string;
  /** Lifetime of the tokens these keys sign: a retired key verifies this long (plus slack). */
  tokenTtlSeconds: number;
  /** How often an instance looks for keys another instance made; default 60 s. */
  reloadIntervalMs?: number;
  now?: () => number;
};

export type KeyStore = {
  /** The key new tokens are signed with (the newest unretired one). */
  signingKey(): Promise<{ kid: string; key: CryptoKey }>;
  /** The public key of `kid`, while it may still verify; null when unknown or long retired. */
  verificationKey(kid: string): Promise<CryptoKey | null>;
  /** Public keys that may verify a token now (for /.well-known/jwks.json). */
  publicJwks(): Promise<{ keys: JWK[] }>;
  /**
   * Makes a new active key and retires the others. Tokens they signed still verify
   * until they expire; keys retired longer than that are deleted.
   */
  rotate(): Promise<string>;
};

/** Session keys: EdDSA (Ed25519) through jose, the public half stored as its JWK. */
const sessionKeyAlgorithm: KeyAlgorithm<string, JWK, CryptoKey, CryptoKey> = {
  async generate(kid) {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, {
      crv: "Ed25519",
      extractable: true,
    });
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: "sig" };
    return { publicKey: publicJwk, privateJwk: await exportJWK(privateKey) };
  },
  importPublic: async (jwk) => (await importJWK(jwk, SIGNING_ALG)) as CryptoKey,
  importPrivate: async (jwk) => (await importJWK(jwk, SIGNING_ALG)) as CryptoKey,
  sealLabel: (kid) => kid,
};

/**
 * The access tokens' signing keys, shared by every instance through the `signing_keys`
 * table (the platform's key ring). A retired key verifies for the token lifetime plus
 * two reloads (instances late to see the rotation), then goes at the next rotation.
 */
export async function createKeyStore(options: KeyStoreOptions): Promise<KeyStore> {
  const reloadIntervalMs = options.reloadIntervalMs ?? 60_000;
  const ring = await createKeyRing({
    db: options.db,
    appSecret: options.appSecret,
    table: {
      table: signingKeys,
      kid: signingKeys.kid,
      publicKey: signingKeys.publicJwk,
      sealedPrivateKey: signingKeys.privateJwkEncrypted,
      createdAt: signingKeys.createdAt,
      retiredAt: signingKeys.retiredAt,
      row: (key) => ({
        kid: key.kid,
        publicJwk: key.publicKey,
        privateJwkEncrypted: key.sealedPrivateKey,
      }),
      nextKid: () => randomUUID(),
    },
    algorithm: sessionKeyAlgorithm,
    lockId: SIGNING_KEY_LOCK,
    reloadIntervalMs,
    verifyAfterRetirementMs: options.tokenTtlSeconds * 1000 + 2 * reloadIntervalMs,
    now: options.now,
  });

  return {
    async signingKey() {
      // Every key was retired by hand: make a new one.
      if (!ring.hasActiveKey()) await ring.ensureActiveKey();
      return ring.signingKey();
    },
    verificationKey: (kid) => ring.verificationKey(kid),
    async publicJwks() {
      return { keys: (await ring.verificationKeys()).map((key) => key.stored) };
    },
    rotate: () => ring.rotate(),
  };
}
