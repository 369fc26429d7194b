import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { desc, isNull, sql } from "drizzle-orm";
import type { JWK } from "jose";
import { decryptPrivateJwk, encryptPrivateJwk } from "#server/platform/auth/signing-keys.ts";
import { TICKET_KEY_LOCK } from "#server/platform/db/advisory-locks.ts";
import type { Database } from "#server/platform/db/database.ts";
import { ticketSigningKeys } from "./tickets.schema.ts";

/** How often an instance looks for a key another instance made (rotation elsewhere). */
const RELOAD_INTERVAL_MS = 60_000;

export type PublishedTicketKey = {
  kid: number;
  alg: "Ed25519";
  /** The raw 32-byte public key, base64url, as in a JWK's `x`. */
  x: string;
  status: "active" | "retired";
  createdAt: string;
};

export type TicketKeyRing = {
  /** The key new tokens are signed with: the newest unretired one. */
  signingKey(): { kid: number; key: KeyObject };
  /** A key that may verify a token, active or retired; null when unknown. */
  verificationKey(kid: number): Promise<KeyObject | null>;
  /** Every key a door device should trust, for the published keys URL. */
  publishedKeys(): Promise<PublishedTicketKey[]>;
  /** Makes a new active key and retires the others (which keep verifying). */
  rotate(): Promise<number>;
};

type LoadedKey = {
  kid: number;
  publicKey: KeyObject;
  x: string;
  createdAt: Date;
  retiredAt: Date | null;
  privateKey?: KeyObject;
  sealed: string;
};

/** Sealed with the same scheme as the session keys, bound to this table by the AAD. */
const sealLabel = (kid: number) => `ticket-key:${kid}`;

function newKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    x: publicKey.export({ format: "jwk" }).x as string,
    privateJwk: privateKey.export({ format: "jwk" }) as JWK,
  };
}

/**
 * Ed25519 keys for ticket QR tokens, shared by every instance through the
 * `ticket_signing_keys` table. Creation runs under a transaction-scoped advisory lock,
 * so instances starting together end with one active key. Signing is synchronous and
 * never queries: it happens inside callers' transactions.
 */
export async function createTicketKeyRing(db: Database, appSecret: string): Promise<TicketKeyRing> {
  let keys = new Map<number, LoadedKey>();
  let loadedAt = 0;
  let lastMissReload = 0;

  async function addKey(retireOthers: boolean): Promise<number> {
    const pair = newKeyPair();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TICKET_KEY_LOCK})`);
      if (!retireOthers) {
        const [active] = await tx
          .select({ kid: ticketSigningKeys.kid })
          .from(ticketSigningKeys)
          .where(isNull(ticketSigningKeys.retiredAt))
          .limit(1);
        if (active) return active.kid;
      } else {
        await tx
          .update(ticketSigningKeys)
          .set({ retiredAt: sql`now()` })
          .where(isNull(ticketSigningKeys.retiredAt));
      }
      const [last] = await tx
        .select({ kid: ticketSigningKeys.kid })
        .from(ticketSigningKeys)
        .orderBy(desc(ticketSigningKeys.kid))
        .limit(1);
      const kid = (last?.kid ?? 0) + 1;
      await tx.insert(ticketSigningKeys).values({
        kid,
        publicKey: pair.x,
        privateKeyEncrypted: encryptPrivateJwk(appSecret, sealLabel(kid), pair.privateJwk),
      });
      return kid;
    });
  }

  async function load(): Promise<void> {
    const rows = await db.select().from(ticketSigningKeys);
    const next = new Map<number, LoadedKey>();
    for (const row of rows) {
      const known = keys.get(row.kid);
      next.set(row.kid, {
        kid: row.kid,
        x: row.publicKey,
        publicKey:
          known?.publicKey ??
          createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: row.publicKey }, format: "jwk" }),
        createdAt: row.createdAt,
        retiredAt: row.retiredAt,
        privateKey: known?.privateKey,
        sealed: row.privateKeyEncrypted,
      });
    }
    keys = next;
    loadedAt = Date.now();
  }

  function active(): LoadedKey | undefined {
    let best: LoadedKey | undefined;
    for (const key of keys.values()) {
      if (!key.retiredAt && (!best || key.kid > best.kid)) best = key;
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

  await addKey(false);
  await load();

  return {
    signingKey() {
      if (Date.now() - loadedAt > RELOAD_INTERVAL_MS) reloadInBackground();
      const key = active();
      if (!key) throw new Error("no active ticket signing key");
      if (!key.privateKey) {
        const jwk = decryptPrivateJwk(appSecret, sealLabel(key.kid), key.sealed);
        key.privateKey = createPrivateKey({ key: jwk as never, format: "jwk" });
      }
      return { kid: key.kid, key: key.privateKey };
    },
    async verificationKey(kid) {
      let key = keys.get(kid);
      // A key made by another instance since our last look: reload, at most once a second.
      if (!key && Date.now() - lastMissReload > 1000) {
        lastMissReload = Date.now();
        await load();
        key = keys.get(kid);
      }
      return key?.publicKey ?? null;
    },
    async publishedKeys() {
      if (Date.now() - loadedAt > RELOAD_INTERVAL_MS) await load();
      return [...keys.values()]
        .sort((a, b) => b.kid - a.kid)
        .map((key) => ({
          kid: key.kid,
          alg: "Ed25519" as const,
          x: key.x,
          status: key.retiredAt ? ("retired" as const) : ("active" as const),
          createdAt: key.createdAt.toISOString(),
        }));
    },
    async rotate() {
      const kid = await addKey(true);
      await load();
      return kid;
    },
  };
}

const rings = new WeakMap<Database, Promise<TicketKeyRing>>();

/**
 * The key ring of a database, made once per process and database (the first call
 * creates the first key if there is none). Not inside a transaction: on PGlite the
 * one connection would be taken.
 */
export function ticketKeyRing(db: Database, appSecret: string): Promise<TicketKeyRing> {
  let ring = rings.get(db);
  if (!ring) {
    ring = createTicketKeyRing(db, appSecret);
    ring.catch(() => rings.delete(db));
    rings.set(db, ring);
  }
  return ring;
}
