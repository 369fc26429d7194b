import { type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { keepListening } from "./listen-connection.ts";
import { REALTIME_CHANNEL } from "./publish.ts";
import { epochMicros, type HeardTopics, hears } from "./topic-grants.ts";

/** `at`: when it was published (its transaction's start), in microseconds since 1970. */
export type RealtimeEvent = {
  id: number;
  topic: string;
  kind: string;
  payload: unknown;
  at: number;
};

export type Subscriber = {
  /**
   * The topics this subscriber may receive now, each since when (re-read by its stream as
   * rights change): nothing published to a topic before the person joined it reaches them.
   */
  topics: HeardTopics;
  deliver(event: RealtimeEvent): void;
};

export type RealtimeHub = {
  subscribe(subscriber: Subscriber): () => void;
  /**
   * Stored events after `afterId` of these topics, each only from its `since` on, oldest
   * first (a reconnect's replay).
   */
  since(topics: HeardTopics, afterId: number, limit?: number): Promise<RealtimeEvent[]>;
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

/**
 * One listener per instance: NOTIFY names an event's id and topic; if anyone here listens
 * to that topic the hub reads the stored event (a batch of ids per round trip) and hands
 * it to each subscriber of the topic. PostgreSQL: one dedicated LISTEN connection that
 * reconnects (listen-connection.ts) and catches up from the table; PGlite: its in-process
 * LISTEN.
 */
export function createRealtimeHub(database: DatabaseHandle, log: Logger): RealtimeHub {
  const subscribers = new Set<Subscriber>();
  const wanted = new Set<number>();
  let flushing: Promise<void> | null = null;
  let highestSeen = 0;
  let unlisten: (() => Promise<void>) | null = null;
  let cleanup: NodeJS.Timeout | null = null;

  const listened = (topic: string) => [...subscribers].some((s) => s.topics.has(topic));

  /** Stored events, `e` in `where`; `joined` adds a `from` item to the statement. */
  async function read(where: SQL, limit = 1000, joined = sql``): Promise<RealtimeEvent[]> {
    const rows = await rowsOf<{
      id: string | number;
      topic: string;
      kind: string;
      payload: unknown;
      at: string | number | bigint;
    }>(
      database.db,
      sql`select e.id, e.topic, e.kind, e.payload, ${epochMicros(sql`e.created_at`)} as at
        from realtime_events e ${joined} where ${where} order by e.id limit ${limit}`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at) }));
  }

  function dispatch(events: RealtimeEvent[]): void {
    for (const event of events) {
      highestSeen = Math.max(highestSeen, event.id);
      for (const subscriber of subscribers) {
        if (hears(subscriber.topics, event.topic, event.at)) subscriber.deliver(event);
      }
    }
  }

  async function flush(): Promise<void> {
    while (wanted.size > 0) {
      const ids = [...wanted];
      wanted.clear();
      try {
        dispatch(await read(sql`e.id in ${list(ids)}`));
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
    const topics = [...new Set([...subscribers].flatMap((s) => [...s.topics.keys()]))];
    if (topics.length === 0 || highestSeen === 0) return;
    dispatch(await read(sql`e.id > ${highestSeen} and e.topic in ${list(topics)}`));
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
      if (topics.size === 0) return [];
      const granted = sql.join(
        [...topics].map(([topic, since]) => sql`(${topic}::text, ${since}::bigint)`),
        sql`, `,
      );
      return read(
        sql`e.id > ${afterId} and (g.since is null or ${epochMicros(sql`e.created_at`)} >= g.since)`,
        limit,
        sql`join (values ${granted}) as g(topic, since) on g.topic = e.topic`,
      );
    },
    async start() {
      const [latest] = await rowsOf<{ id: string | number | null }>(
        database.db,
        sql`select max(id) as id from realtime_events`,
      );
      highestSeen = Number(latest?.id ?? 0);
      if (database.pool) {
        const listening = await keepListening({
          config: database.pool.options,
          onNotify,
          onReconnect: catchUp,
          log,
        });
        unlisten = () => listening.stop();
      } else if (database.pglite) {
        unlisten = await database.pglite.listen(REALTIME_CHANNEL, onNotify);
      }
      cleanup = setInterval(() => void deleteOld(), 3_600_000);
      cleanup.unref();
    },
    async stop() {
      if (cleanup) clearInterval(cleanup);
      await unlisten?.();
      await flushing;
      subscribers.clear();
    },
  };
}
