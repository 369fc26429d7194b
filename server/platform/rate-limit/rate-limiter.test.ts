import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { createRateLimiter, nextCounter, type RateRule } from "./rate-limiter.ts";

const rule: RateRule = { name: "test", limit: 3, windowSeconds: 60, blockSeconds: 10 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

describe("nextCounter", () => {
  it("counts hits in a window and starts over after it", () => {
    let counter = nextCounter(rule, null, at(0));
    counter = nextCounter(rule, counter, at(1));
    expect(counter.hits).toBe(2);
    counter = nextCounter({ ...rule, blockSeconds: undefined }, counter, at(61));
    expect(counter.hits).toBe(1);
  });

  it("blocks on going over, for twice as long at each further strike", () => {
    let counter = nextCounter(rule, null, at(0));
    for (const s of [1, 2, 3]) counter = nextCounter(rule, counter, at(s));
    expect(counter.blockedUntil?.getTime()).toBe(at(13).getTime());
    // Block over, a new window, but the strike is not forgiven: the next block doubles.
    for (const s of [80, 81, 82, 83]) counter = nextCounter(rule, counter, at(s));
    expect(counter.strikes).toBe(2);
    expect(counter.blockedUntil?.getTime()).toBe(at(83 + 20).getTime());
  });
});

describe.each(testDatabases)("rate limiter on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.dispose());

  it("allows exactly the limit out of many parallel hits on one key", async () => {
    const limiter = createRateLimiter(database.db);
    const parallel: RateRule = { name: "parallel", limit: 5, windowSeconds: 60 };
    const decisions = await Promise.all(
      Array.from({ length: 40 }, () => limiter.hit(parallel, "one-key")),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it("refuses with RESOURCE_EXHAUSTED and a wait in seconds, and forgets on reset", async () => {
    const limiter = createRateLimiter(database.db);
    const strict: RateRule = { name: "strict", limit: 1, windowSeconds: 30 };
    await limiter.consume(strict, "k");
    const refused = await limiter.consume(strict, "k").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FunctionError);
    expect((refused as FunctionError).status).toBe("RESOURCE_EXHAUSTED");
    expect((refused as FunctionError).details).toMatchObject({
      retryAfterSeconds: expect.any(Number),
    });
    await limiter.reset(strict, "k");
    await expect(limiter.consume(strict, "k")).resolves.toMatchObject({ allowed: true });
  });
});
