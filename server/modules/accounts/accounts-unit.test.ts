import { describe, expect, it } from "vitest";
import { codeMatches, codeState, hashCode, newDigits, newLinkToken } from "./one-time-codes.ts";
import {
  checkPassword,
  commonPasswordList,
  passwordLimits,
  passwordProblem,
} from "./password-policy.ts";
import { maskPhoneNumber, parsePhoneNumber, phoneRegions } from "./phone-number.ts";

const secret = "s".repeat(32);
const unmet = (password: string, context = {}) =>
  checkPassword(password, context)
    .filter((rule) => !rule.met)
    .map((rule) => rule.id);

describe("password policy", () => {
  it("ships a list of a few thousand common passwords", () => {
    expect(commonPasswordList().size).toBeGreaterThan(3000);
    expect(commonPasswordList().has("qwertyuiop")).toBe(true);
  });

  it("accepts a long, uncommon password", () => {
    expect(unmet("correct horse battery staple")).toEqual([]);
    expect(passwordProblem("correct horse battery staple")).toBeNull();
  });

  it("refuses fewer than 10 or more than 128 characters, counting characters not bytes", () => {
    expect(unmet("short1!")).toContain("minLength");
    expect(unmet("ñ".repeat(passwordLimits.minLength))).toEqual([]);
    expect(unmet("x".repeat(129))).toContain("maxLength");
    expect(unmet("x7".repeat(64))).toEqual([]);
  });

  it("refuses a commonly used password whatever its case", () => {
    expect(unmet("QwertyUiop")).toEqual(["notCommon"]);
    expect(passwordProblem("1234567890")).toMatch(/too common/);
  });

  it("refuses the person's phone number digits, full or national", () => {
    const context = { phone: "+447911123456" };
    expect(unmet("my 7911123456 pass", context)).toEqual(["notPhone"]);
    expect(unmet("x447911123456yyy", context)).toEqual(["notPhone"]);
    expect(unmet("7911-123-456 abcdef", context)).toEqual(["notPhone"]);
    expect(unmet("unrelated digits 12", context)).toEqual([]);
  });

  it("refuses the local part of the person's email, in any case", () => {
    expect(unmet("AliceSmith-rocks", { email: "alicesmith@example.com" })).toEqual(["notEmail"]);
    expect(unmet("long enough pw", { email: "al@example.com" })).toEqual([]);
  });

  it("marks every rule unmet for an empty password", () => {
    expect(checkPassword("").every((rule) => !rule.met)).toBe(true);
  });
});

describe("phone numbers", () => {
  it("reads international and national formats into E.164", () => {
    expect(parsePhoneNumber("+44 7911 123456")).toMatchObject({ ok: true, e164: "+447911123456" });
    expect(parsePhoneNumber("07911 123456", "GB")).toMatchObject({
      ok: true,
      e164: "+447911123456",
    });
    expect(parsePhoneNumber("0044 7911 123456")).toMatchObject({ ok: true, e164: "+447911123456" });
    expect(parsePhoneNumber("(201) 555-0123", "US")).toMatchObject({
      ok: true,
      e164: "+12015550123",
    });
    // The region does not override an explicit country code.
    expect(parsePhoneNumber("+33 6 12 34 56 78", "US")).toMatchObject({
      ok: true,
      e164: "+33612345678",
    });
  });

  it("refuses national numbers without a country, invalid numbers and letters", () => {
    expect(parsePhoneNumber("07911 123456")).toMatchObject({ ok: false });
    expect(parsePhoneNumber("12345", "GB")).toMatchObject({ ok: false });
    expect(parsePhoneNumber("1-800-FLOWERS", "US")).toMatchObject({ ok: false });
    expect(parsePhoneNumber("", "GB")).toMatchObject({ ok: false });
    expect(parsePhoneNumber("07911 123456", "XX")).toMatchObject({ ok: false });
  });

  it("masks all but the last four digits", () => {
    expect(maskPhoneNumber("+447911123456")).toBe("+••••••••3456");
  });

  it("lists regions with calling codes for the country picker", () => {
    expect(phoneRegions()).toContainEqual({
      code: "GB",
      callingCode: "44",
      name: "United Kingdom",
    });
    expect(phoneRegions().length).toBeGreaterThan(200);
  });
});

describe("verification codes", () => {
  it("are six digits, with leading zeros, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, newDigits);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1900);
    expect(codes.some((code) => code.startsWith("0"))).toBe(true);
  });

  it("are stored as an HMAC of row id and code: not the code, different per row and key", () => {
    const hash = hashCode(secret, "row-1", "123456");
    expect(hash).not.toContain("123456");
    expect(hash).toBe(hashCode(secret, "row-1", "123456"));
    expect(hash).not.toBe(hashCode(secret, "row-2", "123456"));
    expect(hash).not.toBe(hashCode("k".repeat(32), "row-1", "123456"));
    expect(codeMatches(secret, { id: "row-1", codeHash: hash }, "123456")).toBe(true);
    expect(codeMatches(secret, { id: "row-1", codeHash: hash }, "123457")).toBe(false);
    expect(codeMatches(secret, { id: "row-2", codeHash: hash }, "123456")).toBe(false);
  });

  it("link tokens carry 256 bits", () => {
    expect(Buffer.from(newLinkToken(), "base64url")).toHaveLength(32);
  });

  it("report their state: used, exhausted, expired, pending", () => {
    const base = {
      id: "r",
      purpose: "register" as const,
      channel: "sms" as const,
      destination: "+447911123456",
      userId: null,
      codeHash: "h",
      attempts: 0,
      maxAttempts: 5,
      payload: {},
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      consumedAt: null,
    };
    expect(codeState(base)).toBe("pending");
    expect(codeState({ ...base, attempts: 5 })).toBe("exhausted");
    expect(codeState({ ...base, expiresAt: new Date(Date.now() - 1) })).toBe("expired");
    expect(codeState({ ...base, consumedAt: new Date() })).toBe("used");
  });
});
