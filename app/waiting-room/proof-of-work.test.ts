import { describe, expect, it } from "vitest";
import { hasLeadingZeroBits } from "#contract/waiting-room.ts";
import { solveChallenge } from "./proof-of-work.ts";

async function digestOf(text: string) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

describe("solveChallenge", () => {
  it("finds the first nonce whose hash starts with the asked zero bits", async () => {
    const nonce = await solveChallenge({ challenge: "abc.def", bits: 10 });
    expect(hasLeadingZeroBits(await digestOf(`abc.def:${nonce}`), 10)).toBe(true);
    for (let smaller = 0; smaller < nonce; smaller++) {
      expect(hasLeadingZeroBits(await digestOf(`abc.def:${smaller}`), 10)).toBe(false);
    }
  });

  it("reports the tries so far after each batch that found nothing", async () => {
    const seen: number[] = [];
    const nonce = await solveChallenge({ challenge: "progress", bits: 12 }, (tries) =>
      seen.push(tries),
    );
    expect(seen).toEqual(Array.from({ length: Math.floor(nonce / 512) }, (_, i) => (i + 1) * 512));
  });

  it("stops when the page gives up on it", async () => {
    const controller = new AbortController();
    controller.abort(new Error("left the page"));
    await expect(
      solveChallenge({ challenge: "x", bits: 30 }, () => {}, controller.signal),
    ).rejects.toThrow("left the page");
  });
});
