import pg from "pg";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { REALTIME_CHANNEL } from "./publish.ts";

const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 15_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** What `pg_stat_activity` shows for it, so an administrator can tell it from the pool. */
export const LISTEN_APPLICATION_NAME = "realtime-listen";

export type ListenOptions = {
  config: pg.ClientConfig;
  onNotify(payload: string | undefined): void;
  /** After a reconnect: read what was announced while nobody here listened. */
  onReconnect(): Promise<void>;
  log: Logger;
};

type Listening = { client: pg.Client; lost: Promise<void> };

/** A client that LISTENs, and a promise settled when its connection is gone for any reason. */
async function listen(options: ListenOptions): Promise<Listening> {
  const client = new pg.Client({
    ...options.config,
    application_name: LISTEN_APPLICATION_NAME,
    // A peer gone without a word (a failover, a cut network) is noticed, not waited on.
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Both 'error' and 'end' only wake the loop below; neither schedules a try of its own (the
  // two of them used to, which doubled the connections with every failed try).
  const lost = new Promise<void>((resolve) => {
    client.on("error", (error) => {
      options.log.warn({ err: error }, "realtime: LISTEN connection failed");
      resolve();
    });
    client.once("end", () => resolve());
  });
  client.on("notification", (message) => options.onNotify(message.payload));
  try {
    await client.connect();
    await client.query(`listen ${REALTIME_CHANNEL}`);
  } catch (error) {
    // Not awaited: a client that never connected may have nothing left to end.
    client.end().catch(() => {});
    throw error;
  }
  return { client, lost };
}

/**
 * The instance's one LISTEN connection on PostgreSQL, kept by one loop: listen, wait until
 * the connection is lost, then try again after a pause that doubles from 1 s up to 15 s (a
 * little jitter so instances do not knock together) until a try succeeds. Only this loop
 * opens connections, one at a time, so an outage of any length ends with exactly one.
 * Resolves once the first connection listens; rejects if that first try fails (start-up).
 */
export async function keepListening(options: ListenOptions): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let current: pg.Client | null = null;
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms * (0.8 + Math.random() * 0.4));
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** A listening connection, or null once stopped. */
  async function reconnect(): Promise<Listening | null> {
    for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
      await pause(wait);
      if (stopped) return null;
      try {
        const next = await listen(options);
        if (!stopped) return next;
        await next.client.end().catch(() => {});
        return null;
      } catch (error) {
        options.log.warn({ err: error }, "realtime: LISTEN reconnect failed, retrying");
      }
    }
  }

  async function run(first: Listening): Promise<void> {
    let listening: Listening | null = first;
    while (listening) {
      current = listening.client;
      await listening.lost;
      current = null;
      listening.client.end().catch(() => {});
      if (stopped) return;
      options.log.warn("realtime: LISTEN connection lost, reconnecting");
      listening = await reconnect();
      if (listening) {
        await options
          .onReconnect()
          .catch((error: unknown) => options.log.warn({ err: error }, "realtime: catch-up failed"));
      }
    }
  }

  void run(await listen(options));
  return {
    async stop() {
      stopped = true;
      wake();
      await current?.end().catch(() => {});
    },
  };
}
