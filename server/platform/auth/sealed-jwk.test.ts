import { describe, expect, it } from "vitest";
import { decryptPrivateJwk, encryptPrivateJwk } from "./sealed-jwk.ts";

const secret = "a".repeat(32);
const jwk = { kty: "OKP", crv: "Ed25519", x: "public-part", d: "private-part" };

describe("private signing keys at rest", () => {
  it("round-trips, and the sealed form does not show the private part", () => {
    const sealed = encryptPrivateJwk(secret, "kid-1", jwk);
    expect(sealed).not.toContain("private-part");
    expect(decryptPrivateJwk(secret, "kid-1", sealed)).toEqual(jwk);
  });

  it("refuses another APP_SECRET, another key id, and any changed byte", () => {
    const sealed = encryptPrivateJwk(secret, "kid-1", jwk);
    expect(() => decryptPrivateJwk("b".repeat(32), "kid-1", sealed)).toThrow();
    expect(() => decryptPrivateJwk(secret, "kid-2", sealed)).toThrow();
    const [version, iv, body, tag] = sealed.split(".");
    const flipped = `${body?.[0] === "A" ? "B" : "A"}${body?.slice(1)}`;
    expect(() =>
      decryptPrivateJwk(secret, "kid-1", [version, iv, flipped, tag].join(".")),
    ).toThrow();
    expect(() => decryptPrivateJwk(secret, "kid-1", "v0.x.y.z")).toThrow(/format/);
  });
});
