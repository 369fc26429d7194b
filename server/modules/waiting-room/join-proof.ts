import { createHash, randomBytes } from "node:crypto";
import { hasLeadingZeroBits, type JoinChallenge } from "#contract/waiting-room.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { readSignedValue, signValue } from "#server/platform/http/signed-value.ts";

const PURPOSE = "waiting-room-join";
/** Long enough for a slow phone to solve it, short enough that hoarded ones go stale. */
const CHALLENGE_SECONDS = 5 * 60;

/**
 * A proof of work to join a room (decision 033), like hashcash: signed with APP_SECRET and
 * bound to the person and the event, so nothing is stored and one solution cannot be
 * handed to another account. A person joins once per room, so replaying it gains nothing.
 */
export function issueChallenge(
  appSecret: string,
  userId: string,
  eventId: string,
  bits: number,
): JoinChallenge {
  const challenge = signValue(
    appSecret,
    PURPOSE,
    { u: userId, e: eventId, b: bits, s: randomBytes(12).toString("base64url") },
    CHALLENGE_SECONDS,
  );
  const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000).toISOString();
  return { challenge, bits, expiresAt };
}

/** Throws INVALID_ARGUMENT unless `nonce` solves a live challenge issued to this person. */
export function checkProof(
  appSecret: string,
  userId: string,
  eventId: string,
  proof: { challenge: string; nonce: number },
): void {
  const value = readSignedValue(appSecret, PURPOSE, proof.challenge);
  if (!value || value.u !== userId || value.e !== eventId || typeof value.b !== "number") {
    throw new FunctionError("INVALID_ARGUMENT", "Your check expired. Please try joining again.", {
      reason: "challenge",
    });
  }
  const digest = createHash("sha256").update(`${proof.challenge}:${proof.nonce}`).digest();
  if (!hasLeadingZeroBits(digest, value.b)) {
    throw new FunctionError("INVALID_ARGUMENT", "The check did not pass. Please try again.", {
      reason: "proof",
    });
  }
}

/** Solves a challenge (tests and the benchmark; the page has its own solver). */
export function solveChallenge(challenge: JoinChallenge): number {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash("sha256").update(`${challenge.challenge}:${nonce}`).digest();
    if (hasLeadingZeroBits(digest, challenge.bits)) return nonce;
  }
}
