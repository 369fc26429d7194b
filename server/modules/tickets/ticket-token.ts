/**
 * The QR token (decision 013): base64url (no padding) of 90 bytes, so 120 characters:
 *
 *   0      version (1)
 *   1-2    signing key id, uint16 big-endian
 *   3-18   ticket id (uuid, 16 bytes)
 *   19-23  event short id (8 characters of a 31-letter alphabet as a 40-bit number)
 *   24-25  ticket generation, uint16 big-endian
 *   26-89  Ed25519 signature over bytes 0-25
 *
 * Its bytes are read by `contract/ticket-token-bytes.ts` (shared with the offline door);
 * this file signs and verifies with Node's crypto. A door device verifies it offline with the published public key named by bytes 1-2,
 * and knows which event it is at; the server also checks the generation is current.
 */
import { type KeyObject, sign, verify } from "node:crypto";
import {
  readTokenBytes,
  shortIdAlphabet,
  type TicketClaims,
  TOKEN_PAYLOAD_BYTES,
  TOKEN_VERSION,
} from "#contract/ticket-token-bytes.ts";
import { isUuid } from "#contract/uuid.ts";

const shortIdAlphabetLength = shortIdAlphabet.length;

function shortIdToNumber(shortId: string): number {
  if (shortId.length !== 8) throw new Error("event short id: 8 characters expected");
  let value = 0;
  for (const char of shortId) {
    const digit = shortIdAlphabet.indexOf(char);
    if (digit < 0) throw new Error("event short id: unknown character");
    value = value * shortIdAlphabetLength + digit;
  }
  return value;
}

function inUint16(value: number, what: string) {
  if (!Number.isInteger(value) || value < 1 || value > 0xffff) {
    throw new Error(`${what} out of range: ${value}`);
  }
}

/** The 26 signed bytes of a token. */
export function tokenPayload(claims: TicketClaims): Buffer {
  inUint16(claims.kid, "key id");
  inUint16(claims.generation, "generation");
  if (!isUuid(claims.ticketId)) throw new Error("ticket id: uuid expected");
  const payload = Buffer.alloc(TOKEN_PAYLOAD_BYTES);
  payload.writeUInt8(TOKEN_VERSION, 0);
  payload.writeUInt16BE(claims.kid, 1);
  Buffer.from(claims.ticketId.replaceAll("-", ""), "hex").copy(payload, 3);
  payload.writeUIntBE(shortIdToNumber(claims.eventShortId), 19, 5);
  payload.writeUInt16BE(claims.generation, 24);
  return payload;
}

/** Signs the claims with the key that `claims.kid` names. */
export function encodeTicketToken(claims: TicketClaims, privateKey: KeyObject): string {
  const payload = tokenPayload(claims);
  const signature = sign(null, payload, privateKey);
  return Buffer.concat([payload, signature]).toString("base64url");
}

/** The claims of a well-formed token, before any signature check; null when malformed. */
export function readTicketToken(
  token: string,
): { claims: TicketClaims; payload: Buffer; signature: Buffer } | null {
  const read = readTokenBytes(token);
  if (!read) return null;
  return {
    claims: read.claims,
    payload: Buffer.from(read.payload),
    signature: Buffer.from(read.signature),
  };
}

/**
 * The claims of a token whose signature checks out with the key it names; null for a
 * malformed token, an unknown key or a bad signature. Says nothing about whether the
 * ticket is still valid: that needs the database (its current generation and status).
 */
export async function verifyTicketToken(
  token: string,
  keyFor: (kid: number) => KeyObject | null | Promise<KeyObject | null>,
): Promise<TicketClaims | null> {
  const read = readTicketToken(token);
  if (!read) return null;
  const key = await keyFor(read.claims.kid);
  return key ? checkedClaims(read, key) : null;
}

/** The same check with the key at hand (a door device's loop, a benchmark). */
export function verifyTicketTokenWith(token: string, key: KeyObject): TicketClaims | null {
  const read = readTicketToken(token);
  return read ? checkedClaims(read, key) : null;
}

function checkedClaims(
  read: NonNullable<ReturnType<typeof readTicketToken>>,
  key: KeyObject,
): TicketClaims | null {
  return verify(null, read.payload, key, read.signature) ? read.claims : null;
}
