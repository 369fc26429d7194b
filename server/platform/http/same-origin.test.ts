import { describe, expect, it } from "vitest";
import { isSameOriginRequest, originOf } from "./same-origin.ts";

const ours = ["http://localhost:3000", "http://127.0.0.1:4123"];
const post = (origin?: string | null, secFetchSite?: string | null) =>
  isSameOriginRequest({ method: "POST", origin, secFetchSite }, ours);

describe("isSameOriginRequest", () => {
  it("lets safe methods through whatever their headers say", () => {
    expect(
      isSameOriginRequest(
        { method: "GET", origin: "https://evil.test", secFetchSite: "cross-site" },
        ours,
      ),
    ).toBe(true);
  });

  it("trusts Sec-Fetch-Site when present: same-origin and none pass, other sites fail", () => {
    expect(post(undefined, "same-origin")).toBe(true);
    expect(post(undefined, "none")).toBe(true);
    expect(post("http://localhost:3000", "cross-site")).toBe(false);
    expect(post(undefined, "same-site")).toBe(false);
  });

  it("without Sec-Fetch-Site, requires Origin to be one of ours", () => {
    expect(post("http://127.0.0.1:4123")).toBe(true);
    expect(post("HTTP://LOCALHOST:3000")).toBe(true);
    expect(post("http://localhost:3001")).toBe(false);
    expect(post("https://localhost:3000")).toBe(false);
    expect(post("null")).toBe(false);
  });

  it("lets a client with neither header through (not a browser, so no victim's cookies)", () => {
    expect(post(undefined, undefined)).toBe(true);
  });
});

describe("originOf", () => {
  it("keeps scheme, host and port, and refuses what is not http(s)", () => {
    expect(originOf("http://localhost:3000/some/path?x=1")).toBe("http://localhost:3000");
    expect(originOf("javascript:alert(1)")).toBeNull();
    expect(originOf("not a url")).toBeNull();
  });
});
