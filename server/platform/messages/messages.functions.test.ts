import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { loadSettings, type Settings } from "#server/config.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { createMessageService } from "./create-message-service.ts";
import type { MessageService } from "./message-service.ts";
import { messageFunctions } from "./messages.functions.ts";

const log = createLogger("silent");
const secret = "t".repeat(32);

/** The API with only the message functions, on an ephemeral port. */
async function serveApi(settings: Settings, database: TestDatabase, messages: MessageService) {
  const services = { settings, database, log, messages } as unknown as Services;
  const app = createApp({
    services,
    registry: createRegistry(messageFunctions),
    verifyBearer: async () => null,
    secureTransport: false,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** `from`: the visitor's address as a proxy on this machine forwards it. */
    call: async (data: unknown, from?: string) => {
      const response = await fetch(`${url}/api/fn/dev.outbox`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(from ? { "x-forwarded-for": from } : {}),
        },
        body: JSON.stringify({ data }),
      });
      return { status: response.status, body: await response.json() };
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(testDatabases)("dev.outbox on $name", ({ open }) => {
  let database: TestDatabase;
  let messages: MessageService;
  let api: Awaited<ReturnType<typeof serveApi>>;

  beforeAll(async () => {
    database = await open();
    const settings = loadSettings({
      NODE_ENV: "test",
      PGLITE_DIR: "memory://",
      APP_SECRET: secret,
    });
    // Workers not started: the listing shows queued messages as well as sent ones.
    messages = await createMessageService({ settings, database, log });
    api = await serveApi(settings, database, messages);
  });
  beforeEach(() => database.db.execute(sql`truncate outbound_messages`));
  afterAll(async () => {
    await api.close();
    await database.dispose();
  });

  it("answers an empty list when nothing was sent, with or without arguments", async () => {
    const empty = { status: 200, body: { result: { messages: [] } } };
    expect(await api.call({})).toEqual(empty);
    expect(await api.call(null)).toEqual(empty);
  });

  it("exists only for this machine: a visitor through a proxy gets NOT_FOUND", async () => {
    await messages.queueSms(database.db, "+3312340000", "Your code is 222222");
    const outside = await api.call({}, "203.0.113.5");
    expect(outside).toMatchObject({ status: 404, body: { error: { status: "NOT_FOUND" } } });
    expect(JSON.stringify(outside.body)).not.toContain("222222");
    const local = await api.call({}, "127.0.0.1");
    expect(local.body.result.messages).toHaveLength(1);
  });

  it("leaves out messages withheld for nobody", async () => {
    await messages.queueSms(database.db, "+3312340001", "Your code is 333333", { withhold: true });
    expect(await api.call({ destination: "+3312340001" })).toEqual({
      status: 200,
      body: { result: { messages: [] } },
    });
  });

  it("lists the latest messages newest first, with channel, recipient, subject and text", async () => {
    await messages.queueSms(database.db, "+3312345678", "Your code is 111111");
    await messages.queueEmail(database.db, {
      to: "ada@example.com",
      subject: "Welcome",
      text: "Hello Ada",
    });
    await messages.queueSms(database.db, "+3312345678", "Your code is 222222");
    const { status, body } = await api.call({});
    expect(status).toBe(200);
    const listed = body.result.messages;
    expect(listed.map((m: { text: string }) => m.text)).toEqual([
      "Your code is 222222",
      "Hello Ada",
      "Your code is 111111",
    ]);
    expect(listed[1]).toMatchObject({
      channel: "email",
      to: "ada@example.com",
      subject: "Welcome",
      status: "queued",
      attempts: 0,
      sentAt: null,
    });
    expect(Date.parse(listed[0].createdAt)).not.toBeNaN();
  });

  it("filters by destination and limits the count, for tests reading their SMS code", async () => {
    await messages.queueSms(database.db, "+3312345678", "Your code is 333333");
    await messages.queueSms(database.db, "+3399999999", "someone else's");
    await messages.queueSms(database.db, "+3312345678", "Your code is 444444");
    const { body } = await api.call({ destination: "+3312345678", limit: 1 });
    expect(body.result.messages).toHaveLength(1);
    expect(body.result.messages[0]).toMatchObject({
      channel: "sms",
      to: "+3312345678",
      text: "Your code is 444444",
    });
  });

  it("rejects a limit out of range", async () => {
    const { status, body } = await api.call({ limit: 5000 });
    expect(status).toBe(400);
    expect(body.error.status).toBe("INVALID_ARGUMENT");
  });
});

describe("dev.outbox on a production deployment", () => {
  it("answers NOT_FOUND with DATABASE_URL, even with the outbox allowed", async () => {
    const database = await testDatabases[0]?.open();
    if (!database) throw new Error("no test database");
    try {
      const settings = loadSettings({
        NODE_ENV: "production",
        PGLITE_DIR: "memory://",
        APP_SECRET: secret,
        DATABASE_URL: "postgres://app@db.internal:5432/tickets",
        PUBLIC_URL: "https://tickets.example",
        ALLOW_OUTBOX_IN_PRODUCTION: "true",
      });
      const messages = await createMessageService({ settings, database, log });
      await messages.queueSms(database.db, "+3312345678", "Your code is 555555");
      const api = await serveApi(settings, database, messages);
      try {
        const { status, body } = await api.call({ destination: "+3312345678" });
        expect(status).toBe(404);
        expect(body.error.status).toBe("NOT_FOUND");
        expect(JSON.stringify(body)).not.toContain("555555");
      } finally {
        await api.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
