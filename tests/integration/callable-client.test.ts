import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CallableError,
  callable,
  callableClient,
  type FunctionMap,
  type TestFunctions,
} from "#app/callable/callable.ts";
import { ACCESS_TOKEN_COOKIE } from "#contract/cookie-names.ts";
import { httpCodeOfStatus } from "#contract/function-status.ts";
import { startTestApp, type TestApp } from "#tests/support/test-app.ts";

// Our page client against the real server: the same cases as the firebase conformance
// test, plus what only our client offers (cookie bearer, token headers, options).

let server: TestApp;
let fn: ReturnType<typeof callableClient<TestFunctions>>;
let anyFn: ReturnType<typeof callableClient<FunctionMap>>;

beforeAll(async () => {
  server = await startTestApp();
  fn = callableClient<TestFunctions>({ baseUrl: server.url });
  anyFn = callableClient<FunctionMap>({ baseUrl: server.url });
});
afterAll(() => server?.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The CallableError a call fails with; fails the test when the call succeeds. */
async function failureOf(promise: Promise<unknown>): Promise<CallableError> {
  const error = await promise.then(
    () => expect.fail("the call succeeded"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallableError);
  return error as CallableError;
}

async function collect(stream: AsyncIterable<unknown>) {
  const messages: unknown[] = [];
  try {
    for await (const message of stream) messages.push(message);
    return { messages, error: undefined };
  } catch (error) {
    return { messages, error: error as CallableError };
  }
}

describe("the page client: answers of the real server", () => {
  it("returns the function's result", async () => {
    const result = await fn("test.echo")({ text: "hello", count: 3 });
    expect(result).toEqual({ text: "hello", count: 3, instanceIdToken: null, appCheckToken: null });
  });

  it("takes the function map and name as type arguments too", async () => {
    const echo = callable<TestFunctions, "test.echo">("test.echo", { baseUrl: server.url });
    await expect(echo({ text: "typed" })).resolves.toMatchObject({ text: "typed" });
  });

  it("sends the messaging and app-check tokens as their headers", async () => {
    const result = await fn("test.echo")(
      { text: "x" },
      { instanceIdToken: "fcm-token-1", appCheckToken: "app-check-1" },
    );
    expect(result).toMatchObject({ instanceIdToken: "fcm-token-1", appCheckToken: "app-check-1" });
  });

  it("fails with not-found for a function that does not exist", async () => {
    const error = await failureOf(anyFn("no.such.function")({}));
    expect(error).toMatchObject({ code: "not-found", httpStatus: 404 });
    expect(error.message).toBe("No function named no.such.function.");
  });

  it("fails with invalid-argument and the failing field paths for bad input", async () => {
    const error = await failureOf(fn("test.echo")({ text: 42, count: 1.5 } as never));
    expect(error.code).toBe("invalid-argument");
    const paths = (error.details as { path: string }[]).map((issue) => issue.path);
    expect(paths.sort()).toEqual(["count", "text"]);
  });

  it("sends the access token cookie as the bearer of an authenticated call", async () => {
    vi.stubGlobal("document", {
      cookie: `theme=dark; ${ACCESS_TOKEN_COOKIE}=test%3Ausr-1%3Astaff`,
    });
    const result = await fn("test.whoami")(undefined, { authenticated: true });
    expect(result).toEqual({ userId: "usr-1", roles: ["staff"] });
  });

  it("sends no bearer when the call is not marked authenticated", async () => {
    vi.stubGlobal("document", { cookie: `${ACCESS_TOKEN_COOKIE}=test%3Ausr-1%3Astaff` });
    const error = await failureOf(fn("test.whoami")());
    expect(error.code).toBe("unauthenticated");
  });

  it("fails with unauthenticated for a bearer the server does not accept", async () => {
    const whoami = fn("test.whoami", { authenticated: true, getAccessToken: () => "forged" });
    const error = await failureOf(whoami());
    expect(error).toMatchObject({ code: "unauthenticated", httpStatus: 401 });
  });

  it("fails with permission-denied for a role-only function without the role", async () => {
    const as = (token: string) => ({ authenticated: true, getAccessToken: () => token });
    const error = await failureOf(fn("test.adminOnly", as("test:usr-1:staff"))());
    expect(error.code).toBe("permission-denied");
    await expect(fn("test.adminOnly", as("test:boss:admin"))()).resolves.toEqual({
      secret: "admins only",
    });
  });

  const statuses = Object.keys(httpCodeOfStatus).filter((status) => status !== "OK");
  it.each(statuses)("reads code, message and details of a failure with %s", async (status) => {
    const details = { status, list: [1, "two", null] };
    const failing = { status: status as "ABORTED", message: "Told to fail.", details };
    const error = await failureOf(fn("test.fail")(failing));
    expect(error.code).toBe(status.toLowerCase().replaceAll("_", "-"));
    expect(error.message).toBe("Told to fail.");
    expect(error.details).toEqual(details);
    expect(error.httpStatus).toBe(httpCodeOfStatus[status as "ABORTED"]);
  });

  it("fails with internal and no internals when a function crashes", async () => {
    const error = await failureOf(fn("test.crash")({}));
    expect(error.code).toBe("internal");
    expect(error.message).not.toMatch(/passwd|secret-internal-detail|deliberate|\.ts:\d/);
    expect(error.details).toBeUndefined();
  });

  it("fails with invalid-argument for a body over 1 MiB", async () => {
    const error = await failureOf(fn("test.nothing")({ blob: "x".repeat(1024 * 1024 + 10) }));
    expect(error.code).toBe("invalid-argument");
    expect(error.message).toBe("The request body is larger than 1 MiB.");
  });

  it("fails with cancelled when the caller aborts a slow call", async () => {
    const controller = new AbortController();
    const call = fn("test.slow")({ ms: 5_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    expect((await failureOf(call)).code).toBe("cancelled");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("fails with deadline-exceeded when the function outlasts the time-out", async () => {
    const error = await failureOf(fn("test.slow")({ ms: 3_000 }, { timeout: 100 }));
    expect(error.code).toBe("deadline-exceeded");
  });
});

describe("the page client: streamed calls to the real server", () => {
  it("yields every message in order and then resolves the result", async () => {
    const { stream, data } = fn("test.count").stream({ to: 4, delayMs: 5 });
    const { messages, error } = await collect(stream);
    expect(error).toBeUndefined();
    expect(messages).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    await expect(data).resolves.toEqual({ total: 4, streamed: true });
  });

  it("resolves the result when nobody reads the messages", async () => {
    const { data } = fn("test.count").stream({ to: 50 });
    await expect(data).resolves.toEqual({ total: 50, streamed: true });
  });

  it("keeps every message sent before an error, then throws the error", async () => {
    const { stream, data } = fn("test.countThenFail").stream({ to: 3 });
    const dataError = failureOf(data);
    const { messages, error } = await collect(stream);
    expect(messages).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(error).toMatchObject({ code: "aborted", details: { after: 3 } });
    expect(await dataError).toMatchObject({ code: "aborted", message: "Stopped on purpose." });
  });

  it("fails a stream whose input fails its schema with invalid-argument", async () => {
    const { data } = fn("test.count").stream({ to: "many" } as never);
    const error = await failureOf(data);
    expect(error.code).toBe("invalid-argument");
    expect((error.details as { path: string }[])[0]?.path).toBe("to");
  });

  it("fails a stream with cancelled when the caller aborts it", async () => {
    const controller = new AbortController();
    const { stream, data } = fn("test.count").stream(
      { to: 100, delayMs: 50 },
      { signal: controller.signal },
    );
    const dataError = failureOf(data);
    const seen: unknown[] = [];
    const outcome = collect({
      async *[Symbol.asyncIterator]() {
        for await (const message of stream) {
          seen.push(message);
          if (seen.length === 2) controller.abort();
          yield message;
        }
      },
    });
    expect((await outcome).error?.code).toBe("cancelled");
    expect((await dataError).code).toBe("cancelled");
    expect(seen.length).toBeLessThan(10);
  });
});
