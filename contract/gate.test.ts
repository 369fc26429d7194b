import { describe, expect, it } from "vitest";
import { hasSessionCookie, isGatedPath, loginRedirectFor } from "./gate.ts";

describe("isGatedPath", () => {
  it("gates each prefix itself and its sub-paths", () => {
    expect(isGatedPath("/order")).toBe(true);
    expect(isGatedPath("/order/7")).toBe(true);
    expect(isGatedPath("/team_coordinator/check_in/scanner/9")).toBe(true);
  });

  it("matches whole segments, so /booking_refrence is not gated by /booking", () => {
    expect(isGatedPath("/booking/1")).toBe(true);
    expect(isGatedPath("/booking_refrence")).toBe(false);
    expect(isGatedPath("/orders-of-the-day")).toBe(false);
  });
});

describe("loginRedirectFor", () => {
  it("carries the full path and query, recoverable exactly", () => {
    const original = "/order/7?tab=tickets&next=%2Fx&q=a b";
    const target = new URL(loginRedirectFor(original), "http://localhost");
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("redirect")).toBe(original);
  });
});

describe("hasSessionCookie", () => {
  it("finds css_tk among other cookies and ignores an empty one", () => {
    expect(hasSessionCookie("a=1; css_tk=abc; b=2")).toBe(true);
    expect(hasSessionCookie("css_tk=")).toBe(false);
    expect(hasSessionCookie("xcss_tk=abc")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
