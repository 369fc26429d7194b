import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { desc, isNull, lt, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { SIGNING_KEY_LOCK } from "#server/platform/db/advisory-locks.ts";
import type { Database } from "#server/platform/db/database.ts";
import { signingKeys } from "./auth.schema.ts";

export const SIGNING_ALG = "EdDSA";
const ENCRYPTION_VERSION = "v1";

type KeyRow = typeof signingKeys.$inferSelect;
type LoadedKey = {
  kid: string;
  publicJwk: JWK;
  verifyKey: CryptoKey;
  createdAt: Date;
  retiredAt: Date | null;
  /** Decrypted lazily: only the active key is ever used for signing. */
  signKey?: CryptoKey;
  encryptedPrivate: string;
};

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

/** AES-256-GCM key for the private JWKs, derived from APP_SECRET (HKDF-SHA256). */
function encryptionKey(appSecret: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", appSecret, "signing-keys", "aes-256-gcm private jwk v1", 32),
  );
}

export function encryptPrivateJwk(appSecret: string, kid: string, jwk: JWK): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(appSecret), iv);
  cipher.setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(JSON.stringify(jwk), "utf8"), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url"));
  return [ENCRYPTION_VERSION, ...parts].join(".");
}

export function decryptPrivateJwk(appSecret: string, kid: string, sealed: string): JWK {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== ENCRYPTION_VERSION || !iv || !body || !tag) {
    throw new Error(`signing key ${kid}: unknown encryption format`);
  }
  const decipher = createDecipheriv(
    "aes-256-gcm",
    encryptionKey(appSecret),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAAD(Buffer.from(kid));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
  return JSON.parse(plain) as JWK;
}

async function newKeyRow(appSecret: string) {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, {
    crv: "Ed25519",
    extractable: true,
  });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: "sig" };
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    publicJwk: publicJwk as Record<string, unknown>,
    privateJwkEncrypted: encryptPrivateJwk(appSecret, kid, privateJwk),
  };
}

/**
 * Ed25519 signing keys shared by every instance through the `signing_keys` table.
 * The first instance to start makes the key: creation runs under a transaction-scoped
 * advisory lock and re-checks for an active key, so instances starting together end
 * with exactly one.
 */
export async function createKeyStore(options: KeyStoreOptions): Promise<KeyStore> {
  const { db, appSecret } = options;
  const now = options.now ?? Date.now;
  const reloadIntervalMs = options.reloadIntervalMs ?? 60_000;
  /** A retired key verifies for the token lifetime plus two reloads (instances late to see it). */
  const verifyAfterRetirementMs = options.tokenTtlSeconds * 1000 + 2 * reloadIntervalMs;

  let keys = new Map<string, LoadedKey>();
  let loadedAt = 0;
  let lastMissReload = 0;

  async function ensureActiveKey(): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);
      const [active] = await tx
        .select({ kid: signingKeys.kid })
        .from(signingKeys)
        .where(isNull(signingKeys.retiredAt))
        .limit(1);
      if (!active) await tx.insert(signingKeys).values(await newKeyRow(appSecret));
    });
  }

  async function load(): Promise<void> {
    const rows: KeyRow[] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
    const next = new Map<string, LoadedKey>();
    for (const row of rows) {
      const known = keys.get(row.kid);
      next.set(row.kid, {
        kid: row.kid,
        publicJwk: row.publicJwk as JWK,
        verifyKey:
          known?.verifyKey ?? ((await importJWK(row.publicJwk as JWK, SIGNING_ALG)) as CryptoKey),
        createdAt: row.createdAt,
        retiredAt: row.retiredAt,
        signKey: known?.signKey,
        encryptedPrivate: row.privateJwkEncrypted,
      });
    }
    keys = next;
    loadedAt = now();
  }

  function usable(key: LoadedKey): boolean {
    return !key.retiredAt || key.retiredAt.getTime() + verifyAfterRetirementMs > now();
  }

  function active(): LoadedKey | undefined {
    let best: LoadedKey | undefined;
    for (const key of keys.values()) {
      if (key.retiredAt) continue;
      if (!best || key.createdAt > best.createdAt) best = key;
    }
    return best;
  }

  let reloading = false;
  function reloadInBackground() {
    if (reloading) return;
    reloading = true;
    load()
      .catch(() => {})
      .finally(() => {
        reloading = false;
      });
  }

  await ensureActiveKey();
  await load();

  return {
    async signingKey() {
      // Picks up another instance's rotation. Not awaited: signing happens inside callers'
      // transactions, where a query on another connection (PGlite: the only one) would wait.
      if (now() - loadedAt > reloadIntervalMs) reloadInBackground();
      let key = active();
      if (!key) {
        // Every key was retired by hand: make a new one.
        await ensureActiveKey();
        await load();
        key = active();
      }
      if (!key) throw new Error("no active signing key");
      if (!key.signKey) {
        const jwk = decryptPrivateJwk(appSecret, key.kid, key.encryptedPrivate);
        key.signKey = (await importJWK(jwk, SIGNING_ALG)) as CryptoKey;
      }
      return { kid: key.kid, key: key.signKey };
    },
    async verificationKey(kid) {
      let key = keys.get(kid);
      // A key made by another instance since our last look: reload, at most once a second.
      if (!key && now() - lastMissReload > 1000) {
        lastMissReload = now();
        await load();
        key = keys.get(kid);
      }
      return key && usable(key) ? key.verifyKey : null;
    },
    async publicJwks() {
      if (now() - loadedAt > reloadIntervalMs) await load();
      return { keys: [...keys.values()].filter(usable).map((k) => k.publicJwk) };
    },
    async rotate() {
      const row = await newKeyRow(appSecret);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);
        await tx
          .update(signingKeys)
          .set({ retiredAt: sql`now()` })
          .where(isNull(signingKeys.retiredAt));
        await tx.insert(signingKeys).values(row);
        const cutoff = new Date(now() - verifyAfterRetirementMs);
        await tx.delete(signingKeys).where(lt(signingKeys.retiredAt, cutoff));
      });
      await load();
      return row.kid;
    },
  };
}
