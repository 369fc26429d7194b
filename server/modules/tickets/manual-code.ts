import { randomInt } from "node:crypto";
import { MANUAL_CODE_LENGTH, manualCodeAlphabet } from "#contract/manual-code.ts";

/** A ticket's code for typing at the door, `ABCDE-23456` (about 50 bits, unique per event). */
export function newManualCode(): string {
  let code = "";
  for (let i = 0; i < MANUAL_CODE_LENGTH; i++) {
    code += manualCodeAlphabet.charAt(randomInt(manualCodeAlphabet.length));
  }
  return code;
}

/** As shown: two groups of five. */
export function formatManualCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
