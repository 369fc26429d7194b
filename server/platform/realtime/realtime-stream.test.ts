import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { loadSettings } from "#server/config.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { openSse } from "#tests/support/sse-reader.ts";
import { publishRealtime, topics } from "./publish.ts";
import { createRealtimeHub } from "./realtime-hub.ts";
import { realtimeStreamRouter } from "./stream-router.ts";

const settings = loadSettings({
  NODE_ENV: "test",
  PGLITE_DIR: "memory://",
  APP_SECRET: "s".repeat(32),
});
const log = createLogger("silent");
const client = { ip: "127.0.0.1", userAgent: "test" };

describe.each(testDatabases)("live streams on $name", ({ name, open }) => {
  let database: TestDatabase;
  let services: Awaited<ReturnType<typeof createServices>>;
  let url: string;
  let phone = 0;
  /** Extra topics by user: the test's stand-in for a module's membership (e.g. teams). */
  const granted = new Map<string, string[]>();

  async function serve(handle: TestDatabase | Awaited<ReturnType<typeof openDatabase>>) {
    const streamHub = createRealtimeHub(handle, log);
    await streamHub.start();
    const app = express();
    app.use(
      "/api",
      realtimeStreamRouter({
        hub: streamHub,
        sessionsForTokens: (tokens) => services.auth.sessionsForTokens(tokens),
        topicSources: [
          async (userIds) =>
            userIds.flatMap((userId) =>
              (granted.get(userId) ?? []).map((topic) => ({ userId, topic, since: null })),
            ),
        ],
        log,
        checkMs: 200,
        heartbeatMs: 1000,
        maxStreamsPerUser: 3,
      }),
    );
    const listening = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    return {
      hub: streamHub,
      url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
      async stop() {
        listening.closeAllConnections();
        await new Promise((resolve) => listening.close(resolve));
        await streamHub.stop();
      },
    };
  }

  let stopServer: () => Promise<void>;
  beforeAll(async () => {
    database = await open();
    services = await createServices(settings, database, log);
    const served = await serve(database);
    ({ url } = served);
    stopServer = served.stop;
  });
  afterAll(async () => {
    await stopServer?.();
    await database?.dispose();
  });

  async function signIn() {
    phone += 1;
    const [user] = await database.db
      .insert(users)
      .values({ name: "Live", phone: `+1555222${String(phone).padStart(4, "0")}` })
      .returning();
    if (!user) throw new Error("no user");
    const issued = await database.db.transaction((tx) =>
      services.auth.startSession(tx, user.id, client),
    );
    return { userId: user.id, issued, cookie: `${SESSION_COOKIE}=${issued.sessionToken}` };
  }

  const publish = (topic: string, payload: unknown) =>
    publishRealtime(database.db, { topic, kind: "test", payload });
  const payloadOf = (message: { data: string } | null) =>
    message ? (JSON.parse(message.data) as { payload: unknown }).payload : null;

  it("refuses a visitor and a made-up session", async () => {
    expect((await fetch(`${url}/api/stream`)).status).toBe(401);
    const forged = await fetch(`${url}/api/stream`, {
      headers: { cookie: `${SESSION_COOKIE}=made-up` },
    });
    expect(forged.status).toBe(401);
  });

  it("delivers what is committed to the user's topic, nothing rolled back, nothing of others", async () => {
    const me = await signIn();
    const other = await signIn();
    const stream = await openSse(`${url}/api/stream`, { cookie: me.cookie });
    expect(stream.status).toBe(200);
    await publish(topics.user(other.userId), "not for me");
    await database.db
      .transaction(async (tx) => {
        await publishRealtime(tx, { topic: topics.user(me.userId), kind: "test", payload: "gone" });
        throw new Error("roll back");
      })
      .catch(() => {});
    const id = await publish(topics.user(me.userId), "mine");
    const message = await stream.next();
    expect(message).toMatchObject({ id: String(id) });
    expect(JSON.parse(message?.data ?? "{}")).toEqual({
      kind: "test",
      topic: topics.user(me.userId),
      payload: "mine",
    });
    expect(await stream.next(500)).toBeNull();
    stream.close();
  });

  it("replays what a reconnecting client missed, in order and none twice, then goes on live", async () => {
    const me = await signIn();
    const topic = topics.user(me.userId);
    const first = await openSse(`${url}/api/stream`, { cookie: me.cookie });
    await publish(topic, 1);
    const seen = await first.next();
    expect(payloadOf(seen)).toBe(1);
    first.close();
    for (const n of [2, 3, 4]) await publish(topic, n);

    const again = await openSse(`${url}/api/stream`, {
      cookie: me.cookie,
      "last-event-id": seen?.id ?? "",
    });
    const replayed = [await again.next(), await again.next(), await again.next()];
    expect(replayed.map(payloadOf)).toEqual([2, 3, 4]);
    await publish(topic, 5);
    expect(payloadOf(await again.next())).toBe(5);
    expect(await again.next(500)).toBeNull();
    again.close();
  });

  it("follows the topics a user gains and loses while the stream is open", async () => {
    const me = await signIn();
    const team = `team:${name}-${phone}`;
    const stream = await openSse(`${url}/api/stream`, { cookie: me.cookie });
    granted.set(me.userId, [team]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await publish(team, "while a member");
    expect(payloadOf(await stream.next())).toBe("while a member");
    granted.delete(me.userId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await publish(team, "after removal");
    expect(await stream.next(700)).toBeNull();
    stream.close();
  });

  it("ends the stream of a revoked session within seconds", async () => {
    const me = await signIn();
    const stream = await openSse(`${url}/api/stream`, { cookie: me.cookie });
    await services.auth.revokeSession(database.db, me.issued.sessionId, "test");
    const started = Date.now();
    expect(await stream.next(5000)).toBeNull();
    expect(stream.ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("limits the open streams of one user", async () => {
    const me = await signIn();
    const open = await Promise.all(
      [1, 2, 3].map(() => openSse(`${url}/api/stream`, { cookie: me.cookie })),
    );
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    expect((await fetch(`${url}/api/stream`, { headers: { cookie: me.cookie } })).status).toBe(429);
    for (const stream of open) stream.close();
  });

  it.runIf(name === "postgres")(
    "carries a publication made through one instance to a stream on another",
    async () => {
      const me = await signIn();
      const other = await openDatabase({
        databaseUrl: String(database.pool?.options.connectionString),
        pgliteDir: "",
        poolMax: 2,
      });
      const instanceB = await serve(other as TestDatabase);
      const stream = await openSse(`${instanceB.url}/api/stream`, { cookie: me.cookie });
      const id = await publish(topics.user(me.userId), "across instances");
      const message = await stream.next(1000);
      expect(message?.id).toBe(String(id));

      // Instance B's LISTEN connection dies: it reconnects and catches up from the table.
      await database.pool?.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen realtime' and datname = current_database()",
      );
      const afterLoss = await publish(topics.user(me.userId), "while reconnecting");
      expect((await stream.next(5000))?.id).toBe(String(afterLoss));
      stream.close();
      await instanceB.stop();
      await other.close();
    },
  );
});
