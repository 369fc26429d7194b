import { randomInt } from "node:crypto";

/** Letters and digits door staff read and type without confusing (no 0/O, 1/I/L). */
const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const length = 10;

/** A ticket's code for typing at the door, `ABCDE-23456` (about 50 bits, unique per event). */
export function newManualCode(): string {
  let code = "";
  for (let i = 0; i < length; i++) code += alphabet.charAt(randomInt(alphabet.length));
  return code;
}

/** As shown: two groups of five. */
export function formatManualCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What was typed, as stored: capitals, no spaces or hyphens. */
export function normaliseManualCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
}
