import { describe, expect, inject, it } from "vitest";
import { browserUA } from "#tests/support/browser-user-agent.ts";

const baseURL = inject("baseURL");
const stripePeerURL = inject("stripePeerURL");

async function home() {
  return fetch(`${baseURL}/`, { headers: { "User-Agent": browserUA, "Accept-Encoding": "gzip" } });
}

describe("HTTP behaviour of the server", () => {
  it("sends a Content-Security-Policy that allows wasm and nothing from other origins", async () => {
    const csp = (await home()).headers.get("content-security-policy") ?? "";
    // A nonce, or the hashes of a copy from the shared page cache when another file's
    // visit to / came within the cache's seconds (tests/e2e/public-cache.test.ts).
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' '(nonce-|sha256-)/);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // One exception: "Pay" redirects a form to the hosted checkout (Stripe's, here the
    // test peer the server's SDK points at), which form-action governs.
    const formAction = /form-action ([^;]*)/.exec(csp)?.[1];
    expect(formAction).toBe(
      `'self' https://checkout.stripe.com https://connect.stripe.com ${stripePeerURL}`,
    );
    expect(csp.replace(/form-action [^;]*/, "")).not.toMatch(/https?:\/\/|\*/);
  });

  it("puts this response's nonce on every inline and module script", async () => {
    // A page nobody asked for yet: rendered for this request (a copy from the shared cache
    // carries hashes instead, tests/e2e/public-cache.test.ts).
    const response = await fetch(`${baseURL}/?q=nonce${Date.now()}`, {
      headers: { "User-Agent": browserUA },
    });
    expect(response.headers.get("x-cache")).toBe("MISS");
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("compresses pages and caches hashed assets for a year", async () => {
    const response = await home();
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const asset = /\/assets\/[^"]+\.js/.exec(await response.text())?.[0];
    const assetResponse = await fetch(`${baseURL}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers /healthz and /readyz", async () => {
    expect(await (await fetch(`${baseURL}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${baseURL}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });

  it("answers a path with broken percent-encoding with the 404 page, not a 500", async () => {
    const response = await fetch(`${baseURL}/%ZZ`, { headers: { "User-Agent": browserUA } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found: /%ZZ");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await fetch(`${baseURL}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { status: "NOT_FOUND" } });
  });
});
