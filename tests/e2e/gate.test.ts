import { describe, expect, inject, it } from "vitest";
import { gatedPrefixes } from "#contract/gate.ts";
import { browserUA } from "#tests/support/browser-user-agent.ts";

const baseURL = inject("baseURL");

async function get(path: string, cookie?: string) {
  return fetch(`${baseURL}${path}`, {
    redirect: "manual",
    headers: { "User-Agent": browserUA, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function redirectValue(response: Response): string | null {
  const location = response.headers.get("location");
  if (!location) return null;
  const target = new URL(location, baseURL);
  expect(target.pathname).toBe("/login");
  return target.searchParams.get("redirect");
}

const variants = (prefix: string) => [
  prefix,
  `${prefix}?from=home`,
  `${prefix}/abc`,
  `${prefix}/abc/def?x=1&y=%2Fslash&z=a%20b`,
];

describe("the route gate (seed spec section 6)", () => {
  for (const prefix of gatedPrefixes) {
    it(`redirects ${prefix} and its sub-paths to /login with the exact redirect value`, async () => {
      for (const path of variants(prefix)) {
        const response = await get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 302 });
        expect(redirectValue(response)).toBe(path);
      }
    });
  }

  it("redirects a request whose css_tk names no session", async () => {
    const response = await get("/order?x=1", "css_tk=some-session");
    expect(response.status).toBe(302);
    expect(redirectValue(response)).toBe("/order?x=1");
  });

  it("lets a request carrying the css_tk of a live session through", async () => {
    const signIn = await fetch(`${baseURL}/api/fn/test.signInAs`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: { name: "Gate Test", phone: "+15550009001" } }),
    });
    // All four cookies: css_tk alone, without tokens to renew, is a session that cannot go on.
    const cookies = signIn.headers.getSetCookie().map((line) => line.split(";")[0]);
    expect(cookies.some((c) => c?.startsWith("css_tk="))).toBe(true);
    const sessionCookie = cookies.join("; ");
    const response = await get("/order?x=1", sessionCookie);
    expect(response.status).toBe(200);
  });

  it("gates client-side navigations (.data requests) in the router's redirect format", async () => {
    const response = await get("/order.data?x=1&_routes=routes%2Forder");
    const body = await response.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain(JSON.stringify("/login?redirect=%2Forder%3Fx%3D1"));
  });

  const notGated = [
    "/",
    "/some-event",
    "/login",
    "/register",
    "/sms_verify",
    "/password",
    "/new_password",
    "/access_to_account",
    "/privacy_policy",
    "/upcomming",
    "/setting",
    "/business/form",
    "/business/message",
    "/business/upgrade",
    "/ticket/abc",
    "/booking_refrence",
    "/account_delete_start",
    "/upcomming?x=1",
    "/booking_refrence?ref=K7QM-3TPX",
  ];
  it("does not redirect any not-gated route of the spec", async () => {
    for (const path of notGated) {
      const response = await get(path);
      expect({ path, redirected: response.status >= 300 && response.status < 400 }).toEqual({
        path,
        redirected: false,
      });
    }
  });
});
