import { generateKeyPairSync, type KeyObject } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TicketClaims, TOKEN_LENGTH } from "#contract/ticket-token-bytes.ts";
import { encodeTicketToken, readTicketToken, verifyTicketToken } from "./ticket-token.ts";

const shortIdAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";
const keys = new Map<number, { privateKey: KeyObject; publicKey: KeyObject }>(
  [1, 2, 0xffff].map((kid) => [kid, generateKeyPairSync("ed25519")]),
);
const publicKeyOf = (kid: number) => keys.get(kid)?.publicKey ?? null;
const privateKeyOf = (kid: number) => {
  const key = keys.get(kid)?.privateKey;
  if (!key) throw new Error("no key");
  return key;
};

const claimsArbitrary: fc.Arbitrary<TicketClaims> = fc.record({
  kid: fc.constantFrom(1, 2, 0xffff),
  ticketId: fc.uuid(),
  eventShortId: fc
    .array(fc.constantFrom(...shortIdAlphabet), { minLength: 8, maxLength: 8 })
    .map((chars) => chars.join("")),
  generation: fc.integer({ min: 1, max: 0xffff }),
});

const sample: TicketClaims = {
  kid: 1,
  ticketId: "0b7f2c4e-8a1d-4f3b-9c2e-5d6a7b8c9d0e",
  eventShortId: "k7qm3tpx",
  generation: 1,
};

describe("ticket QR tokens", () => {
  it("round-trips any claims and stays at 120 URL-safe characters", async () => {
    await fc.assert(
      fc.asyncProperty(claimsArbitrary, async (claims) => {
        const token = encodeTicketToken(claims, privateKeyOf(claims.kid));
        expect(token).toHaveLength(TOKEN_LENGTH);
        expect(TOKEN_LENGTH).toBeLessThanOrEqual(120);
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(await verifyTicketToken(token, publicKeyOf)).toEqual({
          ...claims,
          ticketId: claims.ticketId.toLowerCase(),
        });
      }),
    );
  });

  it("refuses any token with one bit flipped", async () => {
    await fc.assert(
      fc.asyncProperty(
        claimsArbitrary,
        fc.integer({ min: 0, max: 90 * 8 - 1 }),
        async (claims, bit) => {
          const bytes = Buffer.from(
            encodeTicketToken(claims, privateKeyOf(claims.kid)),
            "base64url",
          );
          bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) ^ (1 << (bit & 7));
          expect(await verifyTicketToken(bytes.toString("base64url"), publicKeyOf)).toBeNull();
        },
      ),
    );
  });

  it("refuses a token signed by an unknown key, or by another key than it names", async () => {
    const stranger = generateKeyPairSync("ed25519").privateKey;
    expect(await verifyTicketToken(encodeTicketToken(sample, stranger), publicKeyOf)).toBeNull();
    const unknownKid = encodeTicketToken({ ...sample, kid: 7 }, privateKeyOf(1));
    expect(await verifyTicketToken(unknownKid, publicKeyOf)).toBeNull();
    const namesTwo = encodeTicketToken({ ...sample, kid: 2 }, privateKeyOf(1));
    expect(await verifyTicketToken(namesTwo, publicKeyOf)).toBeNull();
  });

  it("reads another event's token as that event, so a door device refuses it", async () => {
    const other = encodeTicketToken({ ...sample, eventShortId: "zzzzzzzz" }, privateKeyOf(1));
    expect((await verifyTicketToken(other, publicKeyOf))?.eventShortId).toBe("zzzzzzzz");
  });

  it("answers null, never throws, for malformed tokens", async () => {
    const good = encodeTicketToken(sample, privateKeyOf(1));
    for (const bad of [
      "",
      "x",
      good.slice(1),
      `${good}A`,
      good.replace(/.$/, "*"),
      "\u0000".repeat(120),
    ]) {
      expect(await verifyTicketToken(bad, publicKeyOf)).toBeNull();
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 140 }), async (text) => {
        expect(await verifyTicketToken(text, publicKeyOf)).toBeNull();
      }),
    );
    expect(readTicketToken(Buffer.alloc(90).toString("base64url"))).toBeNull();
  });

  it("refuses claims the format cannot carry", () => {
    expect(() => encodeTicketToken({ ...sample, generation: 0x10000 }, privateKeyOf(1))).toThrow();
    expect(() =>
      encodeTicketToken({ ...sample, eventShortId: "short" }, privateKeyOf(1)),
    ).toThrow();
    expect(() => encodeTicketToken({ ...sample, ticketId: "nope" }, privateKeyOf(1))).toThrow();
  });
});
