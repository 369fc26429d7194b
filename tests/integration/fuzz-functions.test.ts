import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appFunctions } from "#server/functions.ts";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { arbitraryFor, hostileValue } from "#tests/support/schema-arbitrary.ts";
import { type FieldPath, fieldPaths, inputWith } from "#tests/support/schema-fields.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/**
 * Every registered function, called over HTTP the way any client can: hostile values in
 * every field its input schema reads (control characters, lone surrogates, huge numbers,
 * wrong types), alone or inside otherwise plausible input, signed in and not. Derived
 * from the schemas: a new function is fuzzed without new code. Never a 5xx.
 */
let server: RunningServer;
let dataDir: string;
let bearer = "";
const tally = { requests: 0, serverErrors: [] as string[] };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fuzz-fn-"));
  server = await spawnServer({
    env: {
      NODE_ENV: "test",
      PGLITE_DIR: await migratedPgliteFolder(path.join(dataDir, "db")),
      DATABASE_URL: undefined,
    },
  });
  const signedIn = await call("test.signInAs", { name: "Fuzz", phone: "+15550100999" }, "");
  bearer = `test:${(signedIn.body as { result: { userId: string } }).result.userId}:`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `fuzzed ${tally.requests} function calls over HTTP; 5xx answers: ${tally.serverErrors.length}`,
  );
});

async function call(name: string, data: unknown, as: string) {
  const response = await fetch(`${server.url}/api/fn/${name}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(as ? { authorization: `Bearer ${as}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const text = await response.text();
  tally.requests += 1;
  if (response.status >= 500) {
    tally.serverErrors.push(
      `${name} ${JSON.stringify(data).slice(0, 300)} -> ${response.status} ${text.slice(0, 200)}`,
    );
  }
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

// Test-only functions fail on purpose (test.crash, test.fail) or wait (test.slow).
const functions = appFunctions.filter((definition) => !definition.name.startsWith("test."));
const fields: { name: string; path: FieldPath }[] = functions.flatMap((definition) => [
  { name: definition.name, path: [] },
  ...fieldPaths(definition.input).map((path) => ({ name: definition.name, path })),
]);

/** `value` at `path` inside `base` (copied), creating what is missing on the way. */
function setAt(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container = (
    typeof head === "number"
      ? Array.isArray(base) && base.length > 0
        ? [...base]
        : [{}]
      : base && typeof base === "object" && !Array.isArray(base)
        ? { ...(base as Record<string, unknown>) }
        : {}
  ) as Record<string | number, unknown>;
  const key = typeof head === "number" ? 0 : (head as string);
  container[key] = setAt(container[key], rest, value);
  return container;
}

describe("every function, every field", () => {
  it("reads the fields of every registered function (the fuzzing is not vacuous)", () => {
    expect(functions.length).toBeGreaterThan(40);
    expect(fields.length).toBeGreaterThan(150);
  });

  it("answers each field's NUL, lone surrogate, huge number and wrong type with 4xx", async () => {
    const fixed = ["a\u0000b", "\ud800", 1e308, { $where: "1" }];
    for (const { name, path } of fields) {
      for (const value of fixed) {
        for (const as of ["", bearer]) await call(name, inputWith(path, value), as);
      }
    }
    expect(tally.serverErrors).toEqual([]);
  }, 240_000);

  it("answers hostile values inside plausible input with 4xx, never 5xx", async () => {
    const byName = new Map<string, (typeof functions)[number]>(
      functions.map((definition) => [definition.name, definition]),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields).chain(({ name, path }) =>
          fc.record({
            name: fc.constant(name),
            path: fc.constant(path),
            base: arbitraryFor(byName.get(name)?.input as never),
            value: fc.oneof(hostileValue, arbitraryFor(byName.get(name)?.input as never)),
            signedIn: fc.boolean(),
          }),
        ),
        async ({ name, path, base, value, signedIn }) => {
          const answer = await call(name, setAt(base, path, value), signedIn ? bearer : "");
          return answer.status < 500;
        },
      ),
      { numRuns: 1500 },
    );
    expect(tally.serverErrors).toEqual([]);
  }, 300_000);
});
