import { randomBytes } from "node:crypto";

/** Capitals and digits nobody confuses when reading aloud or typing (no 0/O, 1/I/L). */
export const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const referencePattern = new RegExp(`^[${referenceAlphabet}]{4}-[${referenceAlphabet}]{4}$`);

/** A new booking reference like `K7QM-3TPX` (31^8 ≈ 8.5e11 values; collisions are retried). */
export function newBookingReference(): string {
  let chars = "";
  while (chars.length < 8) {
    // 248 = 8 × 31: bytes below it map evenly onto the alphabet.
    for (const byte of randomBytes(16)) {
      if (byte < 248 && chars.length < 8) chars += referenceAlphabet[byte % 31];
    }
  }
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * A reference as people type it (any case, spaces, with or without the hyphen, O for 0
 * and I/L for 1 are not in the alphabet so they simply fail) → `K7QM-3TPX`, or null.
 */
export function normalizeReference(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  if (compact.length !== 8) return null;
  const reference = `${compact.slice(0, 4)}-${compact.slice(4)}`;
  return referencePattern.test(reference) ? reference : null;
}
