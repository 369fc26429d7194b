import { createHash } from "node:crypto";
import { hasLeadingZeroBits } from "#contract/waiting-room.ts";

/**
 * The first whole number `nonce` for which SHA-256 of `${challenge}:${nonce}` starts with
 * `bits` zero bits: what a person's browser computes before `waitingRoom.join`.
 */
export function solveChallenge(challenge: string, bits: number): number {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash("sha256").update(`${challenge}:${nonce}`).digest();
    if (hasLeadingZeroBits(digest, bits)) return nonce;
  }
}
