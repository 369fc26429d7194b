import { describe, expect, it } from "vitest";
import { readCookie } from "./read-cookie.ts";

describe("readCookie", () => {
  it("finds a cookie among others and percent-decodes its value", () => {
    expect(readCookie("access_token", "a=1; access_token=x%3Ay%3Az; b=2")).toBe("x:y:z");
  });

  it("matches the whole name, not a suffix or prefix of another cookie's", () => {
    const cookies = "my_access_token=wrong; access_token_old=wrong; access_token=right";
    expect(readCookie("access_token", cookies)).toBe("right");
  });

  it("keeps a value that is not valid percent-encoding as it is", () => {
    expect(readCookie("t", "t=100%")).toBe("100%");
  });

  it("is undefined for a missing or empty cookie, and without any cookies", () => {
    expect(readCookie("t", "a=1; t=")).toBeUndefined();
    expect(readCookie("t", "a=1")).toBeUndefined();
    expect(readCookie("t", "")).toBeUndefined();
    expect(readCookie("t")).toBeUndefined();
  });
});
