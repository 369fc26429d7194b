import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CallableError, callableClient, type FunctionMap } from "#app/callable/callable.ts";
import { type HttpPeer, type PeerRequest, startHttpPeer } from "#tests/support/http-peer.ts";

// The page client against a hand-written peer: answers our server never gives (malformed
// bodies, bare statuses, silence), and the exact request the client sends.

type Answer = { status: number; type?: string; body?: string } | "hang";
const answers = new Map<string, Answer>();
let peer: HttpPeer;
let fn: ReturnType<typeof callableClient<FunctionMap>>;

function answer(request: PeerRequest, res: ServerResponse) {
  const planned = answers.get(request.url.replace("/api/fn/", "")) ?? { status: 200 };
  if (planned === "hang") return;
  res.writeHead(planned.status, { "Content-Type": planned.type ?? "application/json" });
  res.end(planned.body ?? "");
}

beforeAll(async () => {
  peer = await startHttpPeer(answer);
  fn = callableClient<FunctionMap>({ baseUrl: `${peer.url}/` });
});
afterAll(() => peer?.close());
afterEach(() => {
  vi.useRealTimers();
  answers.clear();
  peer.requests.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<CallableError> {
  const error = await promise.then(
    () => expect.fail("the call succeeded"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallableError);
  return error as CallableError;
}

describe("the page client: the request it sends", () => {
  it("POSTs {data} as JSON to /api/fn/{name} with the bearer and token headers", async () => {
    answers.set("shop.buy", { status: 200, body: '{"result":1}' });
    const options = {
      authenticated: true,
      getAccessToken: () => "tok-1",
      instanceIdToken: "fcm-1",
      appCheckToken: "check-1",
    };
    await fn("shop.buy", options)({ qty: 2 });
    const [sent] = peer.requests;
    expect(sent).toMatchObject({ method: "POST", url: "/api/fn/shop.buy" });
    expect(JSON.parse(sent?.body ?? "")).toEqual({ data: { qty: 2 } });
    expect(sent?.headers).toMatchObject({
      "content-type": "application/json",
      authorization: "Bearer tok-1",
      "firebase-instance-id-token": "fcm-1",
      "x-firebase-appcheck": "check-1",
    });
  });

  it("sends null as the data of a call without data, and no token headers", async () => {
    answers.set("ping", { status: 200, body: '{"result":null}' });
    await expect(fn("ping")()).resolves.toBeNull();
    const [sent] = peer.requests;
    expect(JSON.parse(sent?.body ?? "")).toEqual({ data: null });
    expect(Object.keys(sent?.headers ?? {})).not.toContain("authorization");
    expect(Object.keys(sent?.headers ?? {})).not.toContain("x-firebase-appcheck");
  });
});

describe("the page client: malformed and bare answers", () => {
  it("reads the data field as well as the result field", async () => {
    answers.set("a", { status: 200, body: '{"data":{"x":1},"result":"ignored"}' });
    await expect(fn("a")()).resolves.toEqual({ x: 1 });
  });

  it.each([
    ["text", "<html>ok</html>"],
    ["an empty body", ""],
    ["a JSON array", "[1,2]"],
    ["JSON null", "null"],
  ])("fails with 'Response is not valid JSON object.' for %s", async (_, body) => {
    answers.set("a", { status: 200, type: "text/html", body });
    const error = await failureOf(fn("a")());
    expect(error).toMatchObject({
      code: "internal",
      message: "Response is not valid JSON object.",
    });
  });

  it("fails with 'Response is missing data field.' for an object without one", async () => {
    answers.set("a", { status: 200, body: '{"answer":42}' });
    const error = await failureOf(fn("a")());
    expect(error).toMatchObject({ code: "internal", message: "Response is missing data field." });
  });

  it.each([
    [400, "invalid-argument"],
    [401, "unauthenticated"],
    [403, "permission-denied"],
    [404, "not-found"],
    [409, "aborted"],
    [429, "resource-exhausted"],
    [499, "cancelled"],
    [500, "internal"],
    [501, "unimplemented"],
    [502, "unknown"],
    [503, "unavailable"],
    [504, "deadline-exceeded"],
    [418, "unknown"],
  ])("maps a bare HTTP %i answer to %s", async (status, code) => {
    answers.set("a", { status, type: "text/plain", body: "Bad Gateway" });
    expect((await failureOf(fn("a")())).code).toBe(code);
  });

  it("lets the canonical status in the body win over the HTTP status", async () => {
    const body = { error: { status: "FAILED_PRECONDITION", message: "Sold out.", details: [1] } };
    answers.set("a", { status: 400, body: JSON.stringify(body) });
    const error = await failureOf(fn("a")());
    expect(error).toMatchObject({
      code: "failed-precondition",
      message: "Sold out.",
      details: [1],
    });
  });

  it("fails with internal for a status the protocol does not know", async () => {
    answers.set("a", { status: 400, body: '{"error":{"status":"TEAPOT","message":"x"}}' });
    const error = await failureOf(fn("a")());
    expect(error).toMatchObject({
      code: "internal",
      message: "Unknown backend error status: TEAPOT",
    });
  });

  it("fails with internal when the server cannot be reached", async () => {
    const closed = await startHttpPeer(() => {});
    await closed.close();
    const error = await failureOf(callableClient<FunctionMap>({ baseUrl: closed.url })("a")());
    expect(error).toMatchObject({ code: "internal", httpStatus: 0 });
  });
});

describe("the page client: time-out and cancellation", () => {
  it("fails with deadline-exceeded when no answer comes within the time-out", async () => {
    answers.set("a", "hang");
    const started = Date.now();
    const error = await failureOf(fn("a")({}, { timeout: 150 }));
    expect(error.code).toBe("deadline-exceeded");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("waits 70 000 ms by default before deadline-exceeded", async () => {
    answers.set("a", "hang");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let settled: CallableError | undefined;
    fn("a")({}).catch((error: CallableError) => (settled = error));
    // setImmediate is not faked: real I/O goes on while the clock stands still.
    while (peer.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(69_990);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    while (!settled) await new Promise((resolve) => setImmediate(resolve));
    expect(settled.code).toBe("deadline-exceeded");
  });

  it("fails with cancelled when the caller aborts, before or during the call", async () => {
    answers.set("a", "hang");
    const before = new AbortController();
    before.abort();
    expect((await failureOf(fn("a")({}, { signal: before.signal }))).code).toBe("cancelled");
    const during = new AbortController();
    const call = fn("a")({}, { signal: during.signal });
    setTimeout(() => during.abort(), 30);
    expect((await failureOf(call)).code).toBe("cancelled");
  });
});

describe("the page client: streams from peers that do not stream", () => {
  it("reads a plain JSON answer to a streamed call as its result", async () => {
    answers.set("a", { status: 200, body: '{"result":{"done":true}}' });
    const { stream, data } = fn("a").stream();
    await expect(data).resolves.toEqual({ done: true });
    const messages: unknown[] = [];
    for await (const message of stream) messages.push(message);
    expect(messages).toEqual([]);
    // (Any earlier test's aborted request may still reach the peer late: look for ours.)
    expect(peer.requests.map((request) => request.headers.accept)).toContain("text/event-stream");
  });

  it("fails with 'Response is missing data field.' when the events end without a result", async () => {
    const body = 'data: {"message":1}\n\n: ping\n\ndata: not json\n\n';
    answers.set("a", { status: 200, type: "text/event-stream", body });
    const { data } = fn("a").stream();
    const error = await failureOf(data);
    expect(error).toMatchObject({ code: "internal", message: "Response is missing data field." });
  });

  it("fails a stream with deadline-exceeded when a time-out is given and nothing comes", async () => {
    answers.set("a", "hang");
    const { data } = fn("a").stream({}, { timeout: 100 });
    expect((await failureOf(data)).code).toBe("deadline-exceeded");
  });
});
