import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(safeRedirect("/order")).toBe("/order");
    expect(safeRedirect("/booking/7?qty=2&x=%2Fslash#top")).toBe("/booking/7?qty=2&x=%2Fslash#top");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([
    ["protocol-relative", "//evil.test/path"],
    ["absolute http", "https://evil.test/"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,hi"],
    ["backslash", "/\\evil.test"],
    ["backslash later", "/ok\\..\\"],
    ["tab to rebuild //", "/\t/evil.test"],
    ["newline", "/\n/evil.test"],
    ["relative path", "order"],
    ["empty", ""],
  ])("falls back for a %s value", (_name, value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("falls back for what is not a string, or too long, and uses the fallback given", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/profile")).toBe("/profile");
    expect(safeRedirect(["/order"])).toBe("/");
    expect(safeRedirect(`/${"a".repeat(2048)}`)).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirect("/a/../../order")).toBe("/order");
    expect(safeRedirect("/%2F%2Fevil.test")).toBe("/%2F%2Fevil.test");
  });

  it.each([
    "/..//evil.example",
    "/../..//evil.example/x",
    "/a/..//evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
  ])("falls back when normalising %s would leave the site", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });
});
