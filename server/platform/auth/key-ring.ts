import { isNull, lt, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { JWK } from "jose";
import type { AdvisoryLockId } from "#server/platform/db/advisory-locks.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { decryptPrivateJwk, encryptPrivateJwk } from "./sealed-jwk.ts";

/** Where a ring keeps its keys: one row per key, the private half sealed. */
export type KeyRingTable<Kid, Stored> = {
  table: PgTable;
  kid: PgColumn;
  /** The public half as stored (a JWK, the raw `x` …), read back by `importPublic`. */
  publicKey: PgColumn;
  sealedPrivateKey: PgColumn;
  createdAt: PgColumn;
  retiredAt: PgColumn;
  /** The insert values of a new key, in the table's own names. */
  row(key: { kid: Kid; publicKey: Stored; sealedPrivateKey: string }): Record<string, unknown>;
  /** The id of the next key, chosen under the ring's lock. */
  nextKid(tx: Executor): Promise<Kid> | Kid;
};

/** What a ring needs to know of its keys' algorithm. */
export type KeyAlgorithm<Kid, Stored, Public, Private> = {
  generate(kid: Kid): Promise<{ publicKey: Stored; privateJwk: JWK }>;
  importPublic(stored: Stored): Promise<Public> | Public;
  importPrivate(jwk: JWK): Promise<Private> | Private;
  /** Bound to the sealed private key, so it opens only as this ring's key `kid`. */
  sealLabel(kid: Kid): string;
};

export type KeyRingOptions<Kid, Stored, Public, Private> = {
  db: Database;
  appSecret: string;
  table: KeyRingTable<Kid, Stored>;
  algorithm: KeyAlgorithm<Kid, Stored, Public, Private>;
  /** From the registry (server/platform/db/advisory-locks.ts): one per ring. */
  lockId: AdvisoryLockId;
  /** How often an instance looks for keys another instance made. */
  reloadIntervalMs: number;
  /**
   * How long a retired key still verifies; keys retired longer are deleted at the next
   * rotation. Unset: retired keys verify, and are kept, for ever.
   */
  verifyAfterRetirementMs?: number;
  /** The newest key has the largest order (the creation time unless the kid says it). */
  order?: (key: RingKey<Kid, Stored, Public>) => number;
  now?: () => number;
};

export type RingKey<Kid, Stored, Public> = {
  kid: Kid;
  stored: Stored;
  publicKey: Public;
  createdAt: Date;
  retiredAt: Date | null;
};

type LoadedKey<Kid, Stored, Public, Private> = RingKey<Kid, Stored, Public> & {
  sealed: string;
  privateKey?: Private;
  /** Why the private key did not open, thrown when someone signs with it. */
  privateKeyError?: unknown;
};

export type KeyRing<Kid, Stored, Public, Private> = {
  /**
   * The key new signatures use: the newest unretired one. Synchronous and never queries,
   * since signing happens inside callers' transactions (on PGlite a query on another
   * connection would wait for them); a stale ring reloads in the background.
   */
  signingKey(): { kid: Kid; key: Private };
  hasActiveKey(): boolean;
  /** Makes a key if none is active (every instance at start), then reloads. */
  ensureActiveKey(): Promise<void>;
  /** The public key of `kid` while it may verify; null when unknown or retired too long. */
  verificationKey(kid: Kid): Promise<Public | null>;
  /** Every key that may verify now, newest first (for publishing). */
  verificationKeys(): Promise<RingKey<Kid, Stored, Public>[]>;
  /** Makes a new active key and retires the others, which keep verifying for their window. */
  rotate(): Promise<Kid>;
};

/**
 * Signing keys shared by every instance through one table: sealed at rest with
 * APP_SECRET, created by the first instance to start, rotated by hand, and picked up by
 * the other instances on reload. Creation and rotation run under a transaction-scoped
 * advisory lock and re-check for an active key, so instances starting together end with
 * exactly one.
 */
export async function createKeyRing<Kid, Stored, Public, Private>(
  options: KeyRingOptions<Kid, Stored, Public, Private>,
): Promise<KeyRing<Kid, Stored, Public, Private>> {
  const { db, appSecret, table: keyTable, algorithm, lockId, reloadIntervalMs } = options;
  const { verifyAfterRetirementMs } = options;
  const now = options.now ?? Date.now;
  const order = options.order ?? ((key) => key.createdAt.getTime());

  let keys = new Map<Kid, LoadedKey<Kid, Stored, Public, Private>>();
  let loadedAt = 0;
  let lastMissReload = 0;

  async function insertKey(tx: Executor): Promise<Kid> {
    const kid = await keyTable.nextKid(tx);
    const { publicKey, privateJwk } = await algorithm.generate(kid);
    const sealedPrivateKey = encryptPrivateJwk(appSecret, algorithm.sealLabel(kid), privateJwk);
    await tx.insert(keyTable.table).values(keyTable.row({ kid, publicKey, sealedPrivateKey }));
    return kid;
  }

  async function ensureActiveKey(): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
      const [active] = await tx
        .select({ kid: keyTable.kid })
        .from(keyTable.table)
        .where(isNull(keyTable.retiredAt))
        .limit(1);
      if (!active) await insertKey(tx);
    });
    await load();
  }

  function newest<K extends RingKey<Kid, Stored, Public>>(all: Iterable<K>): K | undefined {
    let best: K | undefined;
    for (const key of all) {
      if (!key.retiredAt && (!best || order(key) > order(best))) best = key;
    }
    return best;
  }

  async function load(): Promise<void> {
    const rows = await db
      .select({
        kid: keyTable.kid,
        stored: keyTable.publicKey,
        sealed: keyTable.sealedPrivateKey,
        createdAt: keyTable.createdAt,
        retiredAt: keyTable.retiredAt,
      })
      .from(keyTable.table);
    const next = new Map<Kid, LoadedKey<Kid, Stored, Public, Private>>();
    for (const row of rows as Omit<LoadedKey<Kid, Stored, Public, Private>, "publicKey">[]) {
      const known = keys.get(row.kid);
      next.set(row.kid, {
        ...row,
        publicKey: known?.publicKey ?? (await algorithm.importPublic(row.stored)),
        privateKey: known?.privateKey,
      });
    }
    // Only the active key ever signs: open its private half now, so signing stays
    // synchronous. A key that does not open fails the signing, not the reload.
    const active = newest(next.values());
    if (active && !active.privateKey) {
      try {
        const jwk = decryptPrivateJwk(appSecret, algorithm.sealLabel(active.kid), active.sealed);
        active.privateKey = await algorithm.importPrivate(jwk);
      } catch (error) {
        active.privateKeyError = error;
      }
    }
    keys = next;
    loadedAt = now();
  }

  const verifies = (key: RingKey<Kid, Stored, Public>) =>
    !key.retiredAt ||
    verifyAfterRetirementMs === undefined ||
    key.retiredAt.getTime() + verifyAfterRetirementMs > now();

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

  return {
    signingKey() {
      // Picks up another instance's rotation, for the next signature.
      if (now() - loadedAt > reloadIntervalMs) reloadInBackground();
      const key = newest(keys.values());
      if (!key) throw new Error("no active signing key");
      if (key.privateKey === undefined) throw key.privateKeyError ?? new Error("no private key");
      return { kid: key.kid, key: key.privateKey };
    },
    hasActiveKey: () => newest(keys.values()) !== undefined,
    ensureActiveKey,
    async verificationKey(kid) {
      let key = keys.get(kid);
      // A key made by another instance since our last look: reload, at most once a second.
      if (!key && now() - lastMissReload > 1000) {
        lastMissReload = now();
        await load();
        key = keys.get(kid);
      }
      return key && verifies(key) ? key.publicKey : null;
    },
    async verificationKeys() {
      if (now() - loadedAt > reloadIntervalMs) await load();
      return [...keys.values()]
        .filter(verifies)
        .sort((a, b) => order(b) - order(a))
        .map(({ kid, stored, publicKey, createdAt, retiredAt }) => ({
          kid,
          stored,
          publicKey,
          createdAt,
          retiredAt,
        }));
    },
    async rotate() {
      const kid = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
        await tx.execute(
          sql`update ${keyTable.table} set ${sql.identifier(keyTable.retiredAt.name)} = now()
            where ${keyTable.retiredAt} is null`,
        );
        const kid = await insertKey(tx);
        if (verifyAfterRetirementMs !== undefined) {
          const cutoff = new Date(now() - verifyAfterRetirementMs);
          await tx.delete(keyTable.table).where(lt(keyTable.retiredAt, cutoff));
        }
        return kid;
      });
      await load();
      return kid;
    },
  };
}
