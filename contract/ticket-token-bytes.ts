/**
 * Reading a ticket's QR token (decision 013) with nothing but the language: the server
 * and the offline door device share this reader; each checks the signature with its own
 * crypto (Node's `crypto` there, WebCrypto here).
 *
 *   0      version (1)
 *   1-2    signing key id, uint16 big-endian
 *   3-18   ticket id (uuid, 16 bytes)
 *   19-23  event short id (8 characters of a 31-letter alphabet as a 40-bit number)
 *   24-25  ticket generation, uint16 big-endian
 *   26-89  Ed25519 signature over bytes 0-25
 */
export const TOKEN_VERSION = 1;
export const TOKEN_PAYLOAD_BYTES = 26;
const SIGNATURE_BYTES = 64;
export const TOKEN_BYTES = TOKEN_PAYLOAD_BYTES + SIGNATURE_BYTES;
export const TOKEN_LENGTH = (TOKEN_BYTES / 3) * 4;

export const shortIdAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";
const tokenPattern = new RegExp(`^[A-Za-z0-9_-]{${TOKEN_LENGTH}}$`);
const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export type TicketClaims = {
  kid: number;
  ticketId: string;
  eventShortId: string;
  generation: number;
};

export type ReadToken = { claims: TicketClaims; payload: Uint8Array; signature: Uint8Array };

/** The bytes of base64url text without padding; null for a character outside the alphabet. */
export function base64urlBytes(text: string): Uint8Array | null {
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    const digit = base64url.indexOf(char);
    if (digit < 0) return null;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  // Spare bits must be zero: one spelling per token.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

export function numberToShortId(value: number): string | null {
  let id = "";
  let rest = value;
  for (let i = 0; i < 8; i++) {
    id = shortIdAlphabet.charAt(rest % 31) + id;
    rest = Math.floor(rest / 31);
  }
  return rest === 0 ? id : null;
}

/** The claims of a well-formed token, before any signature check; null when malformed. */
export function readTokenBytes(token: string): ReadToken | null {
  if (typeof token !== "string" || !tokenPattern.test(token)) return null;
  const bytes = base64urlBytes(token);
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  if (bytes[0] !== TOKEN_VERSION) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kid = view.getUint16(1);
  const generation = view.getUint16(24);
  // 40 bits: the high byte, then the low 32 bits.
  const eventShortId = numberToShortId(view.getUint8(19) * 2 ** 32 + view.getUint32(20));
  if (!eventShortId || kid === 0 || generation === 0) return null;
  const hex = Array.from(bytes.subarray(3, 19), (b) => b.toString(16).padStart(2, "0")).join("");
  const ticketId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return {
    claims: { kid, ticketId, eventShortId, generation },
    payload: bytes.subarray(0, TOKEN_PAYLOAD_BYTES),
    signature: bytes.subarray(TOKEN_PAYLOAD_BYTES),
  };
}
