import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { desc } from "drizzle-orm";
import type { JWK } from "jose";
import { createKeyRing, type KeyAlgorithm } from "#server/platform/auth/key-ring.ts";
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

/**
 * Ticket keys: Ed25519 through node:crypto (the token is raw bytes, not a JWT), the
 * public half stored as the raw `x` a door device needs. Sealed with the same scheme as
 * the session keys, bound to this table by the label.
 */
const ticketKeyAlgorithm: KeyAlgorithm<number, string, KeyObject, KeyObject> = {
  async generate() {
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    return {
      publicKey: publicKey.export({ format: "jwk" }).x as string,
      privateJwk: privateKey.export({ format: "jwk" }) as JWK,
    };
  },
  importPublic: (x) => createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" }),
  importPrivate: (jwk) => createPrivateKey({ key: jwk as never, format: "jwk" }),
  sealLabel: (kid) => `ticket-key:${kid}`,
};

/**
 * Ed25519 keys for ticket QR tokens, shared by every instance through the
 * `ticket_signing_keys` table (the platform's key ring). Key ids count up from 1 and fit
 * the token's two bytes; retired keys keep verifying, since a ticket's QR lives as long
 * as the ticket. Signing is synchronous and never queries.
 */
export async function createTicketKeyRing(db: Database, appSecret: string): Promise<TicketKeyRing> {
  const ring = await createKeyRing({
    db,
    appSecret,
    table: {
      table: ticketSigningKeys,
      kid: ticketSigningKeys.kid,
      publicKey: ticketSigningKeys.publicKey,
      sealedPrivateKey: ticketSigningKeys.privateKeyEncrypted,
      createdAt: ticketSigningKeys.createdAt,
      retiredAt: ticketSigningKeys.retiredAt,
      row: (key) => ({
        kid: key.kid,
        publicKey: key.publicKey,
        privateKeyEncrypted: key.sealedPrivateKey,
      }),
      async nextKid(tx) {
        const [last] = await tx
          .select({ kid: ticketSigningKeys.kid })
          .from(ticketSigningKeys)
          .orderBy(desc(ticketSigningKeys.kid))
          .limit(1);
        return (last?.kid ?? 0) + 1;
      },
    },
    algorithm: ticketKeyAlgorithm,
    lockId: TICKET_KEY_LOCK,
    reloadIntervalMs: RELOAD_INTERVAL_MS,
    order: (key) => key.kid,
  });

  return {
    signingKey: () => ring.signingKey(),
    verificationKey: (kid) => ring.verificationKey(kid),
    async publishedKeys() {
      return (await ring.verificationKeys()).map((key) => ({
        kid: key.kid,
        alg: "Ed25519" as const,
        x: key.stored,
        status: key.retiredAt ? ("retired" as const) : ("active" as const),
        createdAt: key.createdAt.toISOString(),
      }));
    },
    rotate: () => ring.rotate(),
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
