import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { refreshAccessToken, refreshOutcome } from "#app/session/refresh-token.ts";
import { REFRESH_TOKEN_COOKIE } from "#contract/cookie-names.ts";
import { type HttpPeer, startHttpPeer } from "#tests/support/http-peer.ts";

// The refresh endpoint does not exist yet: a hand-written peer plays it.

let reply: (res: ServerResponse) => void;
let peer: HttpPeer;

function replyWith(status: number, body: string) {
  reply = (res) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(body);
  };
}

beforeAll(async () => {
  peer = await startHttpPeer((_request, res) => reply(res));
});
afterAll(() => peer?.close());
afterEach(() => {
  vi.unstubAllGlobals();
  peer.requests.length = 0;
});

describe("refreshAccessToken", () => {
  it("POSTs the refresh token as JSON to /api/refresh-token, without a bearer", async () => {
    replyWith(200, '{"access_token":"new-access","expires_in":3600,"token_type":"Bearer"}');
    const token = await refreshAccessToken("refresh-1", { baseUrl: peer.url });
    expect(token).toEqual({ access_token: "new-access", expires_in: 3600 });
    const [sent] = peer.requests;
    expect(sent).toMatchObject({ method: "POST", url: "/api/refresh-token" });
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.authorization).toBeUndefined();
    expect(JSON.parse(sent?.body ?? "")).toEqual({ refresh_token: "refresh-1" });
  });

  it("takes the refresh token from its cookie when none is given", async () => {
    vi.stubGlobal("document", { cookie: `a=b; ${REFRESH_TOKEN_COOKIE}=from%2Fcookie` });
    replyWith(200, '{"access_token":"t","expires_in":0}');
    await expect(refreshAccessToken(undefined, { baseUrl: peer.url })).resolves.toEqual({
      access_token: "t",
      expires_in: 0,
    });
    expect(JSON.parse(peer.requests[0]?.body ?? "")).toEqual({ refresh_token: "from/cookie" });
  });

  it.each([
    ["a 401", 401, '{"access_token":"t","expires_in":60}'],
    ["a 500", 500, '{"error":"boom"}'],
    ["a body that is not JSON", 200, "<html>"],
    ["a body without access_token", 200, '{"expires_in":60}'],
    ["an empty access_token", 200, '{"access_token":"","expires_in":60}'],
    ["a body without expires_in", 200, '{"access_token":"t"}'],
    ["an expires_in that is not a number", 200, '{"access_token":"t","expires_in":"60"}'],
    ["a JSON array", 200, "[]"],
    ["JSON null", 200, "null"],
  ])("yields null for %s", async (_, status, body) => {
    replyWith(status, body);
    await expect(refreshAccessToken("r", { baseUrl: peer.url })).resolves.toBeNull();
    expect(peer.requests).toHaveLength(1);
  });

  it("yields null when the server cannot be reached", async () => {
    const gone = await startHttpPeer(() => {});
    await gone.close();
    await expect(refreshAccessToken("r", { baseUrl: gone.url })).resolves.toBeNull();
  });
});

/** A fetch that answers `status` and `body` without a network, or throws `error`. */
function fakeFetch(answer: { status: number; body: string } | { error: Error }) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    if ("error" in answer) throw answer.error;
    return new Response(answer.body, { status: answer.status });
  }) as unknown as typeof globalThis.fetch;
}

describe("refreshOutcome", () => {
  it("answers the token for an OK answer with one", async () => {
    const fetch = fakeFetch({ status: 200, body: '{"access_token":"new","expires_in":900}' });
    await expect(refreshOutcome("r", { baseUrl: "http://api.test/", fetch })).resolves.toEqual({
      token: { access_token: "new", expires_in: 900 },
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe("http://api.test/api/refresh-token");
  });

  it.each([
    ["a 401", 401, '{"error":"spent"}'],
    ["a 403", 403, ""],
    ["a 400", 400, "{}"],
    ["an OK body that is not JSON (a portal's page)", 200, "<html>"],
    ["an OK body that is not a token", 200, '{"expires_in":60}'],
  ])("answers refused for %s", async (_, status, body) => {
    const fetch = fakeFetch({ status, body });
    await expect(refreshOutcome("r", { fetch })).resolves.toEqual({ refused: true });
  });

  it.each([
    ["a 500", 500],
    ["a 502 (the server down behind a proxy)", 502],
    ["a 503", 503],
    ["a 504", 504],
    ["a 408", 408],
    ["a 429 (rate limited)", 429],
  ])("answers unreachable for %s", async (_, status) => {
    const fetch = fakeFetch({ status, body: '{"access_token":"t","expires_in":60}' });
    await expect(refreshOutcome("r", { fetch })).resolves.toEqual({ unreachable: true });
  });

  it("answers unreachable when fetch throws (no network)", async () => {
    const fetch = fakeFetch({ error: new TypeError("Failed to fetch") });
    await expect(refreshOutcome("r", { fetch })).resolves.toEqual({ unreachable: true });
  });

  it("answers unreachable when the connection is cut while the body arrives", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"access_token":'));
        controller.error(new TypeError("network error"));
      },
    });
    const fetch = vi.fn(
      async () => new Response(body, { status: 200 }),
    ) as unknown as typeof globalThis.fetch;
    await expect(refreshOutcome("r", { fetch })).resolves.toEqual({ unreachable: true });
  });

  it("is what refreshAccessToken reduces to null on any failure", async () => {
    for (const answer of [
      { status: 401, body: "" },
      { status: 503, body: "" },
      { error: new TypeError("Failed to fetch") },
    ]) {
      await expect(refreshAccessToken("r", { fetch: fakeFetch(answer) })).resolves.toBeNull();
    }
  });
});
