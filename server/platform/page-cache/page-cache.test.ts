import { once } from "node:events";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.ts";
import { inlineScriptSources } from "./page-cache-body.ts";

/**
 * The cache in front of a stand-in page renderer: counts renders, puts the response's
 * nonce on its script, and answers what each path asks for (a status, a cookie…).
 */
let now = 1_000_000;
let renders = 0;
const cache = createPageCache({
  freshMs: 1000,
  staleMs: 2000,
  availabilityLagMs: 1000,
  isPublicPath: (path) => ["/", "/e", "/gone", "/cookie", "/draft"].includes(path),
  now: () => now,
});
let base = "";
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = `n${Math.random().toString(36).slice(2)}`;
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(cache.middleware);
  app.use((req, res) => {
    renders++;
    if (req.path === "/gone") res.status(404);
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "x=1");
    const signedIn = req.headers.cookie?.includes("css_tk");
    // As the page context does: a shared render reads no cookie, unless the page asks for
    // the person (a draft's owner), which makes it private.
    const personal = signedIn && (!res.locals.sharedRender || req.path === "/draft");
    if (personal) res.setHeader("Cache-Control", "private, no-store");
    res.type("html");
    res.write("<html><body><h1>");
    res.end(
      `render ${renders} for ${personal ? "the person" : "nobody"}</h1><script nonce="${res.locals.cspNonce}">go()</script></body></html>`,
    );
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });

describe("the shared page cache", () => {
  it("serves a kept page while fresh and renders it again once it is not", async () => {
    now += 60_000;
    cache.invalidate();
    const first = await get("/e");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const text = await first.text();
    expect((await (await get("/e")).text()).replace(/ nonce="[^"]*"/, "")).toBe(
      text.replace(/ nonce="[^"]*"/, ""),
    );
    now += 1500;
    expect((await get("/e")).headers.get("x-cache")).toBe("MISS");
    now += 10_000;
    expect((await get("/e")).headers.get("x-cache")).toBe("MISS");
    expect((await get("/e")).headers.get("x-cache")).toBe("HIT");
  });

  it("answers from the cache without a nonce, allowing its own inline script by hash", async () => {
    now += 60_000;
    await get("/");
    const hit = await get("/");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const html = await hit.text();
    expect(html).not.toContain("nonce");
    expect(hit.headers.get("content-security-policy")).toBe(
      `script-src 'self' ${inlineScriptSources(html)}`,
    );
    expect(inlineScriptSources(html)).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  });

  it("gives signed-in requests the shared page rendered for nobody, keeps no personal render, error or cookie", async () => {
    now += 60_000;
    const before = renders;
    const signedIn = { Cookie: "css_tk=abc; access_token=x" };
    const first = await get("/", signedIn);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.text()).toContain("for nobody");
    // The next person, signed in or not, gets that page from the cache.
    for (const headers of [{ Cookie: "css_tk=def" }, {}] as Record<string, string>[]) {
      const next = await get("/", headers);
      expect(next.headers.get("x-cache")).toBe("HIT");
      expect(await next.text()).toContain("for nobody");
    }
    // An API client's Authorization header stays out of it.
    const bearer = await get("/", { Authorization: "Bearer x" });
    expect(bearer.headers.get("x-cache")).toBeNull();
    expect(renders - before).toBe(2);
    // A shared render that turned out to be the person's own is nobody else's.
    expect(await (await get("/draft", signedIn)).text()).toContain("for the person");
    expect((await get("/draft")).headers.get("x-cache")).toBe("MISS");
    for (const path of ["/gone", "/cookie", "/elsewhere"]) {
      await get(path);
      expect((await get(path)).headers.get("x-cache")).not.toBe("HIT");
    }
    expect((await get("/gone")).headers.get("cache-control")).toBeNull();
  });

  it("empties at once on an edit, and at most once per its life on availability", async () => {
    now += 60_000;
    await get("/e");
    cache.invalidate();
    expect((await get("/e")).headers.get("x-cache")).toBe("MISS");
    cache.availabilityChanged();
    expect((await get("/e")).headers.get("x-cache")).toBe("MISS");
    // A second change within the life: the page stays until the coalesced emptying.
    cache.availabilityChanged();
    expect((await get("/e")).headers.get("x-cache")).toBe("HIT");
  });

  it("renders a page once for many visitors arriving together", async () => {
    now += 60_000;
    cache.invalidate();
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(renders - before).toBe(1);
  });
});
