import { hasLeadingZeroBits, type JoinChallenge } from "#contract/waiting-room.ts";

/** Hashes per batch: small enough that the page answers between batches on a slow phone. */
const BATCH = 512;

/** How many tries a challenge of `bits` takes on average (2^bits). */
export const expectedTries = (bits: number) => 2 ** bits;

/**
 * Finds the proof of work of a join (contract/waiting-room.ts): the first whole `nonce`
 * whose SHA-256 of `${challenge}:${nonce}` starts with `bits` zero bits. Hashes in
 * batches with crypto.subtle and yields to the page between them, so the progress shows
 * and the page stays responsive; `onProgress` gets the tries so far.
 */
export async function solveChallenge(
  { challenge, bits }: Pick<JoinChallenge, "challenge" | "bits">,
  onProgress: (tries: number) => void = () => {},
  signal?: AbortSignal,
): Promise<number> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw signal.reason ?? new Error("aborted");
    const nonces = Array.from({ length: BATCH }, (_, i) => start + i);
    const digests = await Promise.all(
      nonces.map((nonce) =>
        crypto.subtle.digest("SHA-256", encoder.encode(`${challenge}:${nonce}`)),
      ),
    );
    const found = digests.findIndex((digest) => hasLeadingZeroBits(new Uint8Array(digest), bits));
    if (found >= 0) return start + found;
    onProgress(start + BATCH);
    // Lets the page paint the progress and answer clicks before the next batch.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
