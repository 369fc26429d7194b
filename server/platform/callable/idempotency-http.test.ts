import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { idempotentCalls } from "#server/platform/db/platform.schema.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { gates, hold, runs, serveIdempotencyApp } from "#tests/support/idempotency-kit.ts";
import { purgeIdempotencyKeys } from "./idempotency-purge.ts";

type Http = Awaited<ReturnType<typeof serveIdempotencyApp>>;

describe.each(testDatabases)("the Idempotency-Key of API writes on $name", ({ name, open }) => {
  let database: TestDatabase;
  let http: Http;
  beforeAll(async () => {
    database = await open();
    http = await serveIdempotencyApp(database);
  });
  afterAll(async () => {
    await http?.close();
    await database?.dispose();
  });
  beforeEach(async () => {
    runs.clear();
    gates.clear();
    await database.db.execute(sql`delete from idempotent_calls`);
  });

  const call: Http["call"] = (...args) => http.call(...args);
  const write: Http["write"] = (...args) => http.write(...args);
  const keptRows = () => database.db.select().from(idempotentCalls);

  it("answers a repeat with the first answer, byte for byte, and runs the write once", async () => {
    const first = await write({ tag: "a", note: "first" }, { key: "order-1" });
    expect(first).toEqual({
      status: 200,
      body: JSON.stringify({ result: { tag: "a", run: 1, note: "first" } }),
      replayed: null,
    });
    const again = await write({ tag: "a", note: "first" }, { key: "order-1" });
    expect(again).toEqual({ status: 200, body: first.body, replayed: "true" });
    expect(runs.get("a")).toBe(1);
    const [row] = await keptRows();
    expect(row).toMatchObject({ caller: "api-key:k1", key: "order-1", state: "done" });
    expect(row).toMatchObject({ httpCode: 200, response: first.body });
  });

  it("keeps a caller's error (4xx) and answers it again without running", async () => {
    const first = await write({ tag: "b", outcome: "refuse" }, { key: "refused-1" });
    expect(first.status).toBe(400);
    expect(JSON.parse(first.body).error).toEqual({
      status: "FAILED_PRECONDITION",
      message: "Refused on run 1.",
      details: { run: 1 },
    });
    const again = await write({ tag: "b", outcome: "refuse" }, { key: "refused-1" });
    expect(again).toEqual({ status: 400, body: first.body, replayed: "true" });
    expect(runs.get("b")).toBe(1);
  });

  it("keeps no answer to input that is not valid: the mended body runs with the same key", async () => {
    const refused = await write({ tag: 7 }, { key: "mended" });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.status).toBe("INVALID_ARGUMENT");
    expect((await keptRows()).filter((row) => row.key === "mended")).toEqual([]);
    const mended = await write({ tag: "m" }, { key: "mended" });
    expect(mended).toMatchObject({ status: 200, replayed: null });
    expect(runs.get("m")).toBe(1);
  });

  it("takes the same body with its keys in another order for the same request", async () => {
    const first = await write({ tag: "c", extra: { x: 1, y: 2 } }, { key: "order" });
    const again = await call("test.idempotentWrite", null, {
      key: "order",
      rawBody: '{"data":{"extra":{"y":2,"x":1},"tag":"c"}}',
    });
    expect(again).toEqual({ status: 200, body: first.body, replayed: "true" });
    expect(runs.get("c")).toBe(1);
  });

  const reused = {
    error: {
      status: "INVALID_ARGUMENT",
      message: "This Idempotency-Key was already used for a different request.",
      details: { reason: "idempotency-key-reused" },
    },
  };

  it("refuses the key with a different body: 422, and nothing runs", async () => {
    await write({ tag: "d", note: "one" }, { key: "reused" });
    const other = await write({ tag: "d", note: "two" }, { key: "reused" });
    expect(other.status).toBe(422);
    expect(JSON.parse(other.body)).toEqual(reused);
    expect(other.replayed).toBeNull();
    expect(runs.get("d")).toBe(1);
  });

  it("refuses the key for a different function with the same body: 422", async () => {
    await write({ tag: "e" }, { key: "reused" });
    const other = await call("test.otherWrite", { tag: "e" }, { key: "reused" });
    expect(other.status).toBe(422);
    expect(JSON.parse(other.body)).toEqual(reused);
    expect(runs.get("e")).toBe(1);
  });

  it("answers 409 to a repeat while the first runs, then the first's answer once it is done", async () => {
    const gate = hold("f");
    const first = write({ tag: "f" }, { key: "slow" });
    await gate.started;
    const meanwhile = await write({ tag: "f" }, { key: "slow" });
    expect(meanwhile.status).toBe(409);
    expect(JSON.parse(meanwhile.body)).toEqual({
      error: {
        status: "ABORTED",
        message: "A request with this Idempotency-Key is still in progress.",
        details: { reason: "idempotency-in-progress" },
      },
    });
    gate.release();
    const done = await first;
    expect(done).toMatchObject({ status: 200, replayed: null });
    const after = await write({ tag: "f" }, { key: "slow" });
    expect(after).toEqual({ status: 200, body: done.body, replayed: "true" });
    expect(runs.get("f")).toBe(1);
  });

  it.runIf(name === "postgres")(
    "runs once among simultaneous repeats: the others get 409 or the first's answer",
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => write({ tag: "g" }, { key: "race" })),
      );
      expect(runs.get("g")).toBe(1);
      const fresh = answers.filter((a) => a.status === 200 && a.replayed === null);
      expect(fresh).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 200) expect(answer.body).toBe(fresh[0]?.body);
        else expect(answer.status).toBe(409);
      }
    },
  );

  it.runIf(name === "postgres")(
    "takes a forgotten key over once among simultaneous repeats",
    async () => {
      await write({ tag: "g2" }, { key: "old-race" });
      await database.db.execute(
        sql`update idempotent_calls set created_at = now() - interval '25 hours'`,
      );
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => write({ tag: "g2" }, { key: "old-race" })),
      );
      expect(runs.get("g2")).toBe(2);
      expect(answers.filter((a) => a.status === 200 && a.replayed === null)).toHaveLength(1);
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    },
  );

  it("keeps no 500: the repeat runs again, and the key holds no row", async () => {
    const first = await write({ tag: "h", outcome: "crash" }, { key: "crash" });
    expect(first.status).toBe(500);
    expect(await keptRows()).toEqual([]);
    const again = await write({ tag: "h", outcome: "crash" }, { key: "crash" });
    expect(again).toMatchObject({ status: 500, replayed: null });
    expect(runs.get("h")).toBe(2);
  });

  it("keeps no 'try again' answer (ABORTED from the function): the repeat runs again", async () => {
    expect((await write({ tag: "i", outcome: "busy" }, { key: "busy" })).status).toBe(409);
    expect((await write({ tag: "i", outcome: "busy" }, { key: "busy" })).status).toBe(409);
    expect(runs.get("i")).toBe(2);
  });

  it("takes over a running key whose lease ran out; the late first run's answer is not kept", async () => {
    const gate = hold("j");
    const first = write({ tag: "j" }, { key: "died" });
    await gate.started;
    // The first request's process "died": its lease is over.
    await database.db.execute(
      sql`update idempotent_calls set lease_until = now() - interval '1 second'`,
    );
    const takeover = await write({ tag: "j" }, { key: "died" });
    expect(takeover).toEqual({
      status: 200,
      body: JSON.stringify({ result: { tag: "j", run: 2, note: null } }),
      replayed: null,
    });
    gate.release();
    expect((await first).body).toContain('"run":1');
    const after = await write({ tag: "j" }, { key: "died" });
    expect(after).toEqual({ status: 200, body: takeover.body, replayed: "true" });
    expect(runs.get("j")).toBe(2);
  });

  it("forgets a key after 24 hours: it may be used again, even for another body", async () => {
    await write({ tag: "k", note: "yesterday" }, { key: "daily" });
    await database.db.execute(
      sql`update idempotent_calls set created_at = now() - interval '24 hours 1 minute'`,
    );
    const today = await write({ tag: "k", note: "today" }, { key: "daily" });
    expect(today).toEqual({
      status: 200,
      body: JSON.stringify({ result: { tag: "k", run: 2, note: "today" } }),
      replayed: null,
    });
    const again = await write({ tag: "k", note: "today" }, { key: "daily" });
    expect(again).toEqual({ status: 200, body: today.body, replayed: "true" });
    expect(runs.get("k")).toBe(2);
  });

  it("keeps two API keys' Idempotency-Keys apart", async () => {
    const one = await write({ tag: "l" }, { key: "shared", bearer: "key:k1" });
    const two = await write({ tag: "l" }, { key: "shared", bearer: "key:k2" });
    expect([one.replayed, two.replayed]).toEqual([null, null]);
    expect(JSON.parse(two.body).result.run).toBe(2);
    const callers = (await keptRows()).map((row) => row.caller).sort();
    expect(callers).toEqual(["api-key:k1", "api-key:k2"]);
  });

  it("leaves reads, calls without an API key and writes without the header untouched", async () => {
    await call("test.countedRead", { tag: "m" }, { key: "read" });
    await call("test.countedRead", { tag: "m" }, { key: "read" });
    await write({ tag: "n" }, { key: "person", bearer: "user:u1" });
    const person = await write({ tag: "n" }, { key: "person", bearer: "user:u1" });
    await write({ tag: "o" });
    const plain = await write({ tag: "o" });
    expect([runs.get("m"), runs.get("n"), runs.get("o")]).toEqual([2, 2, 2]);
    expect([person.replayed, plain.replayed]).toEqual([null, null]);
    expect(await keptRows()).toEqual([]);
  });

  it("refuses a key that is not 1 to 255 visible ASCII characters (400), without running", async () => {
    for (const key of ["", "two words", "x".repeat(256), "tab\there"]) {
      const refused = await write({ tag: "p" }, { key });
      expect({ key, status: refused.status }).toEqual({ key, status: 400 });
      expect(JSON.parse(refused.body).error.message).toMatch(/Idempotency-Key header must be/);
    }
    expect(runs.get("p")).toBeUndefined();
    const longest = await write({ tag: "p" }, { key: "~".repeat(255) });
    expect(longest.status).toBe(200);
  });

  it("refuses an Idempotency-Key on a streamed write (400), without running", async () => {
    const streamed = await write({ tag: "q" }, { key: "stream", accept: "text/event-stream" });
    expect(streamed.status).toBe(400);
    expect(streamed.body).toContain("cannot take an Idempotency-Key");
    expect(runs.get("q")).toBeUndefined();
  });

  it("purges only the keys older than a day, in batches", async () => {
    for (const key of ["old-1", "old-2", "old-3", "old-4", "old-5", "new-1", "new-2"]) {
      await write({ tag: key }, { key });
    }
    await database.db.execute(
      sql`update idempotent_calls set created_at = now() - interval '25 hours'
          where key like 'old-%'`,
    );
    expect(await purgeIdempotencyKeys(database.db, 2)).toBe(5);
    const left = (await keptRows()).map((row) => row.key).sort();
    expect(left).toEqual(["new-1", "new-2"]);
  });
});
