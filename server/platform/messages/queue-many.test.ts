import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "#server/config.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { createMessageService, DELIVERY_QUEUE } from "./create-message-service.ts";
import type { MessageAdapter } from "./message-adapter.ts";
import type { MessageService, MessageToQueue } from "./message-service.ts";

const settings = loadSettings({
  NODE_ENV: "test",
  PGLITE_DIR: "memory://",
  APP_SECRET: "t".repeat(32),
});

/** A provider that takes everything (a job delivered stays in pg-boss's table meanwhile). */
const silent: MessageAdapter = { name: "silent", deliver: async () => ({ providerId: null }) };

const sms = (n: number, key?: string): MessageToQueue => ({
  channel: "sms",
  to: `+3361234${String(n).padStart(4, "0")}`,
  text: `Message ${n}`,
  key,
});

describe.each(testDatabases)("queueing many messages at once on $name", ({ open }) => {
  let database: TestDatabase;
  let service: MessageService;

  beforeAll(async () => {
    database = await open();
    service = await createMessageService({
      settings,
      database,
      log: createLogger("silent"),
      adapters: { sms: silent, email: silent },
      // PostgreSQL: no worker takes a job while the test looks (it polls once an hour).
      delivery: { pollingIntervalSeconds: 3600, concurrency: 1, batchSize: 1 },
    });
    await service.start();
  }, 60_000);
  afterEach(async () => {
    await database.db.execute(sql`truncate outbound_messages`);
    await database.db.execute(sql`delete from pgboss.job where name = ${DELIVERY_QUEUE}`);
  });
  afterAll(async () => {
    await service?.stop();
    await database?.dispose();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await rowsOf<{ n: number | string }>(database.db, query))[0]?.n ?? 0);
  const jobIds = async () =>
    (
      await rowsOf<{ id: string }>(
        database.db,
        sql`select id::text as id from pgboss.job where name = ${DELIVERY_QUEUE} order by id`,
      )
    ).map((row) => row.id);
  const messageIds = async () =>
    (
      await rowsOf<{ id: string }>(
        database.db,
        sql`select id::text as id from outbound_messages order by id`,
      )
    ).map((row) => row.id);

  it("writes every message and a delivery job whose id is the message's", async () => {
    const batch = [
      ...Array.from({ length: 2500 }, (_, i) => sms(i, `many:${i}:sms`)),
      { channel: "email" as const, to: "ada@example.com", subject: "Hello\nthere", text: "Hi" },
    ];
    const queued = await database.db.transaction((tx) => service.queueMany(tx, batch));
    expect(queued).toHaveLength(2501);
    expect(queued.every((q) => !q.duplicate)).toBe(true);
    expect(new Set(queued.map((q) => q.id)).size).toBe(2501);
    const ids = await messageIds();
    expect(ids).toEqual(queued.map((q) => q.id).sort());
    expect(await jobIds()).toEqual(ids);
    // Each answer is its own message's id, in the order given; headers stay one line.
    const [first] = await rowsOf<{ destination: string; body: string }>(
      database.db,
      sql`select destination, body from outbound_messages where id = ${queued[7]?.id}`,
    );
    expect(first).toEqual({ destination: "+33612340007", body: "Message 7" });
    const [email] = await rowsOf<{ subject: string }>(
      database.db,
      sql`select subject from outbound_messages where id = ${queued[2500]?.id}`,
    );
    expect(email?.subject).toBe("Hello there");
  });

  it("answers a key used before, or earlier in the batch, as a duplicate and doubles nothing", async () => {
    const before = await database.db.transaction((tx) =>
      service.queueMany(tx, [sms(1, "k:1:sms"), sms(2, "k:2:sms")]),
    );
    const again = await database.db.transaction((tx) =>
      service.queueMany(tx, [
        sms(2, "k:2:sms"),
        sms(3, "k:3:sms"),
        sms(3, "k:3:sms"),
        sms(4),
        sms(4),
      ]),
    );
    const [one, two] = before;
    expect(again[0]).toEqual({ id: two?.id, duplicate: true });
    expect(again[1]?.duplicate).toBe(false);
    expect(again[2]).toEqual({ id: again[1]?.id, duplicate: true });
    // Without a key nothing is held back: two messages.
    expect([again[3]?.duplicate, again[4]?.duplicate]).toEqual([false, false]);
    expect(again[3]?.id).not.toBe(again[4]?.id);
    expect(await count(sql`select count(*) as n from outbound_messages`)).toBe(5);
    const ids = await messageIds();
    expect(ids).toEqual(
      [one?.id, two?.id, again[1]?.id, again[3]?.id, again[4]?.id].map(String).sort(),
    );
    expect(await jobIds()).toEqual(ids);
  });

  it("sends nothing when the caller's transaction rolls back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await service.queueMany(
          tx,
          Array.from({ length: 300 }, (_, i) => sms(i, `rolled:${i}:sms`)),
        );
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await count(sql`select count(*) as n from outbound_messages`)).toBe(0);
    expect(await jobIds()).toEqual([]);
    // The keys were never used: the next try queues them.
    const queued = await database.db.transaction((tx) =>
      service.queueMany(tx, [sms(1, "rolled:1:sms")]),
    );
    expect(queued[0]?.duplicate).toBe(false);
  });

  it("keeps a withheld message's text out and still gives it a job, as queue does", async () => {
    const [queued] = await database.db.transaction((tx) =>
      service.queueMany(tx, [{ ...sms(9), withhold: true }]),
    );
    const [row] = await rowsOf<{ status: string; body: string }>(
      database.db,
      sql`select status, body from outbound_messages where id = ${queued?.id}`,
    );
    expect(row).toEqual({ status: "withheld", body: "" });
    expect(await jobIds()).toEqual([queued?.id]);
  });
});
