import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "#server/config.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { createMessageService, type DeliveryOptions } from "./create-message-service.ts";
import type { MessageAdapter, OutgoingMessage } from "./message-adapter.ts";
import type { MessageService } from "./message-service.ts";
import { outboundMessages } from "./messages.schema.ts";

const settings = loadSettings({
  NODE_ENV: "test",
  PGLITE_DIR: "memory://",
  APP_SECRET: "t".repeat(32),
});
const fast: Partial<DeliveryOptions> = {
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  pollingIntervalSeconds: 0.5,
};

/** An adapter that records what it was given and fails its first `failures` calls. */
function recordingAdapter(failures = 0): MessageAdapter & { received: OutgoingMessage[] } {
  const received: OutgoingMessage[] = [];
  let calls = 0;
  return {
    name: "recording",
    received,
    async deliver(message) {
      calls += 1;
      if (calls <= failures) throw new Error(`provider down (call ${calls})`);
      received.push(message);
      return { providerId: `p-${calls}` };
    },
  };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabases)("message service on $name", ({ open }) => {
  let database: TestDatabase;
  let service: MessageService | undefined;

  beforeAll(async () => {
    database = await open();
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    await database.db.execute(sql`truncate outbound_messages`);
  });
  afterAll(() => database.dispose());

  async function startService(adapter: MessageAdapter, delivery: Partial<DeliveryOptions> = {}) {
    service = await createMessageService({
      settings,
      database,
      log: createLogger("silent"),
      adapters: { sms: adapter, email: adapter },
      delivery: { ...fast, ...delivery },
    });
    await service.start();
    return service;
  }

  const rowOf = async (id: string) =>
    (await database.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0];
  const settled = (id: string) => async () => {
    const row = await rowOf(id);
    return row && row.status !== "queued" ? row : undefined;
  };

  it("delivers an SMS queued in a committed transaction and marks it sent", async () => {
    const adapter = recordingAdapter();
    const messages = await startService(adapter);
    const { id } = await database.db.transaction((tx) =>
      messages.queueSms(tx, "+33612345678", "Your code is 123456"),
    );
    const row = await waitFor(settled(id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, providerId: "p-1", error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(adapter.received).toEqual([
      expect.objectContaining({
        id,
        channel: "sms",
        to: "+33612345678",
        text: "Your code is 123456",
      }),
    ]);
  });

  it("delivers an email queued on the database handle itself", async () => {
    const adapter = recordingAdapter();
    const messages = await startService(adapter);
    const { id } = await messages.queueEmail(database.db, {
      to: "ada@example.com",
      subject: "Welcome",
      text: "Hello Ada",
      html: "<p>Hello Ada</p>",
    });
    await waitFor(settled(id));
    expect(adapter.received[0]).toMatchObject({
      channel: "email",
      to: "ada@example.com",
      subject: "Welcome",
      text: "Hello Ada",
      html: "<p>Hello Ada</p>",
    });
  });

  it("sends a subject and an address with no line breaks or other control characters", async () => {
    const adapter = recordingAdapter();
    const messages = await startService(adapter);
    const { id } = await messages.queueEmail(database.db, {
      to: "ada@example.com\r\nBcc: spy@example.com",
      subject: "New team: Door\r\nBcc: spy@example.com\u001b\u2028 crew",
      text: "Line one\r\nline two",
    });
    await waitFor(settled(id));
    expect(adapter.received[0]).toMatchObject({
      to: "ada@example.com Bcc: spy@example.com",
      subject: "New team: Door Bcc: spy@example.com crew",
      // The body is not a header: its lines stay.
      text: "Line one\r\nline two",
    });
    expect((await rowOf(id))?.subject).toBe("New team: Door Bcc: spy@example.com crew");
  });

  it("sends a row written around the service (straight into the outbox) on one line too", async () => {
    const adapter = recordingAdapter();
    const [row] = await database.db
      .insert(outboundMessages)
      .values({
        channel: "email",
        destination: "ada@example.com",
        subject: "Ticket from Bo\r\nBcc: spy@example.com",
        body: "Hello",
      })
      .returning({ id: outboundMessages.id });
    await startService(adapter);
    await waitFor(settled(row?.id ?? ""));
    expect(adapter.received[0]?.subject).toBe("Ticket from Bo Bcc: spy@example.com");
  });

  it("sends nothing for a rolled-back transaction", async () => {
    const adapter = recordingAdapter();
    const messages = await startService(adapter);
    await expect(
      database.db.transaction(async (tx) => {
        await messages.queueSms(tx, "+33600000001", "never sent");
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    // A message queued after it is delivered: the worker ran, and skipped nothing real.
    const { id } = await messages.queueSms(database.db, "+33600000002", "sent");
    await waitFor(settled(id));
    const rows = await database.db.select().from(outboundMessages);
    expect(rows.map((r) => r.destination)).toEqual(["+33600000002"]);
    expect(adapter.received.map((m) => m.text)).toEqual(["sent"]);
  });

  it("retries a failing provider with backoff and ends sent with every attempt counted", async () => {
    const adapter = recordingAdapter(2);
    const messages = await startService(adapter);
    const { id } = await messages.queueSms(database.db, "+33611111111", "third time lucky");
    const row = await waitFor(settled(id), 30_000);
    expect(row).toMatchObject({ status: "sent", attempts: 3, providerId: "p-3", error: null });
  });

  it("marks a message failed, with the provider's error, when the retries run out", async () => {
    const adapter = recordingAdapter(100);
    const messages = await startService(adapter, { retryLimit: 1 });
    const { id } = await messages.queueSms(database.db, "+33622222222", "doomed");
    const row = await waitFor(settled(id), 30_000);
    expect(row).toMatchObject({ status: "failed", attempts: 2, providerId: null });
    expect(row.error).toContain("provider down (call 2)");
    expect(adapter.received).toEqual([]);
  });

  it("delivers each message exactly once with two instances working the queue", async () => {
    const first = recordingAdapter();
    const second = recordingAdapter();
    const messages = await startService(first);
    const other = await createMessageService({
      settings,
      database,
      log: createLogger("silent"),
      adapters: { sms: second, email: second },
      delivery: fast,
    });
    await other.start();
    try {
      const queued = await database.db.transaction(async (tx) => {
        const ids: string[] = [];
        for (let i = 0; i < 20; i += 1) {
          ids.push(
            (await messages.queueSms(tx, `+336000000${String(i).padStart(2, "0")}`, `n${i}`)).id,
          );
        }
        return ids;
      });
      for (const id of queued) await waitFor(settled(id), 30_000);
      const delivered = [...first.received, ...second.received].map((m) => m.id).sort();
      expect(delivered).toEqual([...queued].sort());
      const rows = await database.db.select().from(outboundMessages);
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it("lets a delivery in progress finish when stopped", async () => {
    let started = false;
    const slow: MessageAdapter = {
      name: "slow",
      async deliver() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { providerId: "slow-1" };
      },
    };
    const messages = await startService(slow);
    const { id } = await messages.queueSms(database.db, "+33644444444", "take your time");
    await waitFor(async () => (started ? true : undefined));
    await messages.stop();
    expect(await rowOf(id)).toMatchObject({ status: "sent", providerId: "slow-1", attempts: 1 });
  });

  it("delivers messages queued before the workers started", async () => {
    const adapter = recordingAdapter();
    service = await createMessageService({
      settings,
      database,
      log: createLogger("silent"),
      adapters: { sms: adapter, email: adapter },
      delivery: fast,
    });
    const { id } = await database.db.transaction((tx) =>
      (service as MessageService).queueSms(tx, "+33633333333", "early"),
    );
    expect((await rowOf(id))?.status).toBe("queued");
    await service.start();
    expect(await waitFor(settled(id))).toMatchObject({ status: "sent", attempts: 1 });
  });
});
