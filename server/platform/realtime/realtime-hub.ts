import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { DatabaseHandle } from "#server/platform/db.ts";
import { rowsOf } from "#server/platform/db-rows.ts";
import type { Logger } from "#server/platform/logger.ts";
import { REALTIME_CHANNEL } from "./publish.ts";

export type RealtimeEvent = { id: number; topic: string; kind: string; payload: unknown };

export type Subscriber = {
  /** The topics this subscriber may receive now (re-read by its stream as rights change). */
  topics: ReadonlySet<string>;
  deliver(event: RealtimeEvent): void;
};

export type RealtimeHub = {
  subscribe(subscriber: Subscriber): () => void;
  /** Stored events of these topics after `afterId`, oldest first (a reconnect's replay). */
  since(topics: readonly string[], afterId: number, limit?: number): Promise<RealtimeEvent[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** `(a, b, c)` with each value a parameter. */
const list = (values: readonly (string | number)[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** Kept for replay this long; older events are deleted by the hub. */
const RETENTION_HOURS = 24;
const RECONNECT_MS = 1000;

/**
 * One listener per instance: NOTIFY names an event's id and topic; if anyone here listens
 * to that topic the hub reads the stored event (a batch of ids per round trip) and hands
 * it to each subscriber of the topic. PostgreSQL: a dedicated LISTEN connection that
 * reconnects and catches up from the table; PGlite: its in-process LISTEN.
 */
export function createRealtimeHub(database: DatabaseHandle, log: Logger): RealtimeHub {
  const subscribers = new Set<Subscriber>();
  const wanted = new Set<number>();
  let flushing: Promise<void> | null = null;
  let highestSeen = 0;
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  let cleanup: NodeJS.Timeout | null = null;

  const listened = (topic: string) => [...subscribers].some((s) => s.topics.has(topic));

  async function read(where: SQL, limit = 1000): Promise<RealtimeEvent[]> {
    const rows = await rowsOf<{
      id: string | number;
      topic: string;
      kind: string;
      payload: unknown;
    }>(
      database.db,
      sql`select id, topic, kind, payload from realtime_events where ${where} order by id limit ${limit}`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  function dispatch(events: RealtimeEvent[]): void {
    for (const event of events) {
      highestSeen = Math.max(highestSeen, event.id);
      for (const subscriber of subscribers) {
        if (subscriber.topics.has(event.topic)) subscriber.deliver(event);
      }
    }
  }

  async function flush(): Promise<void> {
    while (wanted.size > 0) {
      const ids = [...wanted];
      wanted.clear();
      try {
        dispatch(await read(sql`id in ${list(ids)}`));
      } catch (error) {
        log.warn({ err: error }, "realtime: could not read announced events");
      }
    }
    flushing = null;
  }

  function onNotify(payload: string | undefined): void {
    const match = /^(\d+):(.+)$/.exec(payload ?? "");
    if (!match?.[1] || !match[2]) return;
    const id = Number(match[1]);
    if (!listened(match[2])) {
      highestSeen = Math.max(highestSeen, id);
      return;
    }
    wanted.add(id);
    flushing ??= Promise.resolve().then(flush);
  }

  /** After a lost LISTEN connection: whatever was announced meanwhile, from the table. */
  async function catchUp(): Promise<void> {
    const topics = [...new Set([...subscribers].flatMap((s) => [...s.topics]))];
    if (topics.length === 0 || highestSeen === 0) return;
    dispatch(await read(sql`id > ${highestSeen} and topic in ${list(topics)}`));
  }

  async function listenPostgres(pool: pg.Pool): Promise<void> {
    const client = new pg.Client(pool.options);
    let ended = false;
    const reconnect = () => {
      if (ended || stopped) return;
      ended = true;
      client.end().catch(() => {});
      log.warn("realtime: LISTEN connection lost, reconnecting");
      setTimeout(() => {
        if (!stopped) void listenPostgres(pool).then(catchUp).catch(reconnectLater);
      }, RECONNECT_MS).unref();
    };
    const reconnectLater = (error: unknown) => {
      log.warn({ err: error }, "realtime: LISTEN failed, retrying");
      setTimeout(() => {
        if (!stopped) void listenPostgres(pool).then(catchUp).catch(reconnectLater);
      }, RECONNECT_MS).unref();
    };
    client.on("error", reconnect);
    client.on("end", reconnect);
    client.on("notification", (message) => onNotify(message.payload));
    await client.connect();
    await client.query(`listen ${REALTIME_CHANNEL}`);
    unlisten = async () => {
      ended = true;
      await client.end().catch(() => {});
    };
  }

  async function deleteOld(): Promise<void> {
    await database.db
      .execute(
        sql`delete from realtime_events where created_at < now() - make_interval(hours => ${RETENTION_HOURS})`,
      )
      .catch((error: unknown) => log.warn({ err: error }, "realtime: clean-up failed"));
  }

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    async since(topics, afterId, limit = 1000) {
      if (topics.length === 0) return [];
      return read(sql`id > ${afterId} and topic in ${list(topics)}`, limit);
    },
    async start() {
      const [latest] = await rowsOf<{ id: string | number | null }>(
        database.db,
        sql`select max(id) as id from realtime_events`,
      );
      highestSeen = Number(latest?.id ?? 0);
      if (database.pool) await listenPostgres(database.pool);
      else if (database.pglite) {
        unlisten = await database.pglite.listen(REALTIME_CHANNEL, onNotify);
      }
      cleanup = setInterval(() => void deleteOld(), 3_600_000);
      cleanup.unref();
    },
    async stop() {
      stopped = true;
      if (cleanup) clearInterval(cleanup);
      await unlisten?.();
      await flushing;
      subscribers.clear();
    },
  };
}
