import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { type Functions, getFunctions, httpsCallableFromURL } from "firebase/functions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpCodeOfStatus } from "#contract/function-status.ts";
import { startTestApp, type TestApp } from "#tests/support/test-app.ts";

// The `firebase` package is an independent client of the callable protocol: whatever it
// reads from our answers, a page written against Firebase would read too.

let server: TestApp;
let firebase: FirebaseApp;
let functions: Functions;

beforeAll(async () => {
  server = await startTestApp();
  firebase = initializeApp({});
  functions = getFunctions(firebase);
});
afterAll(async () => {
  await deleteApp(firebase);
  await server?.close();
});

function fn(name: string) {
  return httpsCallableFromURL(functions, `${server.url}/api/fn/${name}`);
}

/** The error a call fails with; fails the test when the call succeeds. */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.fail("the call succeeded"),
    (e: unknown) => e as { code: string; message: string; details?: unknown },
  );
  return error;
}

/** Firebase takes its bearer from Firebase Auth; here every request gets this header. */
async function withAuthorization<T>(header: string, run: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Authorization", header);
    return original(input, { ...init, headers });
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = original;
  }
}

describe("the firebase client against our callable protocol", () => {
  it("reads the result of a successful call", async () => {
    const { data } = await fn("test.echo")({ text: "hello", count: 3 });
    expect(data).toEqual({ text: "hello", count: 3, instanceIdToken: null, appCheckToken: null });
  });

  it("gets not-found for a function that does not exist", async () => {
    const error = await failureOf(fn("no.such.function")({}));
    expect(error.code).toBe("functions/not-found");
    expect(error.message).toContain("No function named no.such.function.");
  });

  it("gets invalid-argument with the failing field paths when the input fails its schema", async () => {
    const error = await failureOf(fn("test.echo")({ text: 42, count: 1.5 }));
    expect(error.code).toBe("functions/invalid-argument");
    const paths = (error.details as { path: string }[]).map((issue) => issue.path);
    expect(paths.sort()).toEqual(["count", "text"]);
  });

  it("gets unauthenticated for a signed-in function called without a bearer", async () => {
    const error = await failureOf(fn("test.whoami")());
    expect(error.code).toBe("functions/unauthenticated");
  });

  it("gets unauthenticated for a bearer the server does not accept", async () => {
    for (const header of ["Bearer not-a-token", "Basic dXNlcjpwdw==", "Bearer "]) {
      const error = await withAuthorization(header, () => failureOf(fn("test.whoami")()));
      expect(error.code, header).toBe("functions/unauthenticated");
    }
  });

  it("passes a valid bearer through to the function", async () => {
    const { data } = await withAuthorization("Bearer test:user-7:staff", () => fn("test.whoami")());
    expect(data).toEqual({ userId: "user-7", roles: ["staff"] });
  });

  it("gets permission-denied for a role-only function called without the role", async () => {
    const error = await withAuthorization("Bearer test:user-7:staff", () =>
      failureOf(fn("test.adminOnly")()),
    );
    expect(error.code).toBe("functions/permission-denied");
    const { data } = await withAuthorization("Bearer test:boss:admin", () =>
      fn("test.adminOnly")(),
    );
    expect(data).toEqual({ secret: "admins only" });
  });

  const statuses = Object.keys(httpCodeOfStatus).filter((status) => status !== "OK");
  it.each(statuses)("reads code and details of a function that fails with %s", async (status) => {
    const details = { status, list: [1, "two", null], nested: { ok: false } };
    const error = await failureOf(fn("test.fail")({ status, message: "Told to fail.", details }));
    expect(error.code).toBe(`functions/${status.toLowerCase().replaceAll("_", "-")}`);
    expect(error.message).toContain("Told to fail.");
    expect(error.details).toEqual(details);
  });

  it("gets internal without any internals when a function crashes", async () => {
    const error = await failureOf(fn("test.crash")({}));
    expect(error.code).toBe("functions/internal");
    expect(error.message).not.toMatch(/passwd|secret-internal-detail|deliberate|at .*\.ts/);
    expect(error.details).toBeUndefined();
  });

  it("gets invalid-argument for a body over 1 MiB", async () => {
    const error = await failureOf(fn("test.nothing")({ blob: "x".repeat(1024 * 1024 + 10) }));
    expect(error.code).toBe("functions/invalid-argument");
    expect(error.message).toContain("larger than 1 MiB");
  });

  it("streams every message in order and then the final result", async () => {
    const { stream, data } = await fn("test.count").stream({ to: 4, delayMs: 5 });
    const messages: unknown[] = [];
    for await (const message of stream) messages.push(message);
    expect(messages).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    await expect(data).resolves.toEqual({ total: 4, streamed: true });
  });

  it("streams the messages sent before an error, then the error with its details", async () => {
    const { stream, data } = await fn("test.countThenFail").stream({ to: 2 });
    const dataError = failureOf(data);
    const messages: unknown[] = [];
    const streamError = await (async () => {
      for await (const message of stream) messages.push(message);
    })().then(
      () => expect.fail("the stream ended without the error"),
      (e: unknown) => e as { code: string; details: unknown },
    );
    // Firebase's ReadableStream drops messages still queued when the error arrives in the
    // same chunk; our own client keeps them (callable-client.test.ts).
    expect([{ n: 1 }, { n: 2 }].slice(0, messages.length)).toEqual(messages);
    expect(streamError.code).toBe("functions/aborted");
    expect(streamError.details).toEqual({ after: 2 });
    expect((await dataError).code).toBe("functions/aborted");
  });

  it("gets a streamed call's early failure as an error, not a hang", async () => {
    const { data } = await fn("test.count").stream({ to: "many" });
    const error = await failureOf(data);
    expect(error.code).toBe("functions/invalid-argument");
    expect((error.details as { path: string }[])[0]?.path).toBe("to");
  });
});
