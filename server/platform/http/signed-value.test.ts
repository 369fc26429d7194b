import { describe, expect, it, vi } from "vitest";
import { readSignedValue, signValue } from "./signed-value.ts";

const secret = "k".repeat(32);

describe("signed values", () => {
  it("reads back what was signed, for the same purpose only", () => {
    const signed = signValue(secret, "flow", { a: 1 }, 60);
    expect(readSignedValue(secret, "flow", signed)).toMatchObject({ a: 1 });
    expect(readSignedValue(secret, "other", signed)).toBeNull();
    expect(readSignedValue("x".repeat(32), "flow", signed)).toBeNull();
  });

  it("refuses a changed body or signature, garbage and nothing", () => {
    const signed = signValue(secret, "flow", { userId: "a" }, 60);
    const [body, signature] = signed.split(".");
    const forged = Buffer.from(JSON.stringify({ userId: "b", exp: Date.now() + 60_000 })).toString(
      "base64url",
    );
    expect(readSignedValue(secret, "flow", `${forged}.${signature}`)).toBeNull();
    expect(readSignedValue(secret, "flow", `${body}.${signature}x`)).toBeNull();
    expect(readSignedValue(secret, "flow", "not-a-value")).toBeNull();
    expect(readSignedValue(secret, "flow", undefined)).toBeNull();
  });

  it("expires", () => {
    vi.useFakeTimers();
    try {
      const signed = signValue(secret, "flow", {}, 10);
      vi.advanceTimersByTime(9_000);
      expect(readSignedValue(secret, "flow", signed)).not.toBeNull();
      vi.advanceTimersByTime(2_000);
      expect(readSignedValue(secret, "flow", signed)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
