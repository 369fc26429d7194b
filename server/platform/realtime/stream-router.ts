import express, { type Response } from "express";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";
import type { LiveSession } from "#server/platform/auth/auth-service.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { topics as topicNames } from "./publish.ts";
import type { RealtimeEvent, RealtimeHub } from "./realtime-hub.ts";
import { type HeardTopics, mergeGrants, type TopicGrant } from "./topic-grants.ts";

/** A topic one of the users asked about may hear. */
export type UserTopicGrant = TopicGrant & { userId: string };

/**
 * The topics users may receive besides their own, e.g. their teams', each since they
 * joined it (from the modules): for many users in one read, as every open stream of an
 * instance is re-checked together.
 */
export type TopicSource = (userIds: readonly string[]) => Promise<readonly UserTopicGrant[]>;

/** Users asked about in one read at most. */
const USERS_PER_READ = 1000;

export type StreamDeps = {
  hub: RealtimeHub;
  /** The live sessions of these tokens, by token (one read for all of an instance's streams). */
  sessionsForTokens(tokens: readonly string[]): Promise<Map<string, LiveSession>>;
  topicSources?: readonly TopicSource[];
  log: Logger;
  /** How often a stream re-checks its session and topics (revocation, team removal). */
  checkMs?: number;
  heartbeatMs?: number;
  /** Open streams one user may hold on this instance (tabs, devices). */
  maxStreamsPerUser?: number;
};

/** An open stream as the instance-wide re-check sees it. */
type OpenStream = {
  token: string;
  userId: string;
  subscriber: { topics: HeardTopics };
  close(): void;
};

/** Written but unread past this, the client is gone or too slow: it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * `GET /stream` (under /api): Server-Sent Events for a signed-in browser (its session
 * cookie; EventSource sends no other credentials). Each message is
 * `id: N` + `data: {"kind","topic","payload"}`; `Last-Event-ID` (header, or `lastEventId`
 * in the query) replays what was missed from the table, in order and none twice, of each
 * topic only what was published since the user joined it.
 */
export function realtimeStreamRouter(deps: StreamDeps): express.Router {
  const router = express.Router();
  const checkMs = deps.checkMs ?? 2000;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  const maxStreams = deps.maxStreamsPerUser ?? 10;
  const openByUser = new Map<string, number>();
  const open = new Set<OpenStream>();
  let checking = false;

  /** Each user's topics: their own, and what every source grants them. */
  async function topicsOf(userIds: readonly string[]): Promise<Map<string, HeardTopics>> {
    const granted = new Map<string, TopicGrant[]>(
      userIds.map((userId) => [userId, [{ topic: topicNames.user(userId), since: null }]]),
    );
    for (let start = 0; start < userIds.length; start += USERS_PER_READ) {
      const batch = userIds.slice(start, start + USERS_PER_READ);
      const extra = await Promise.all((deps.topicSources ?? []).map((source) => source(batch)));
      for (const { userId, topic, since } of extra.flat()) {
        granted.get(userId)?.push({ topic, since });
      }
    }
    return new Map([...granted].map(([userId, grants]) => [userId, mergeGrants(grants)]));
  }

  /**
   * Every open stream of this instance, re-checked together every `checkMs`: one read of
   * their sessions and one per topic source, whatever their number (a revoked session's
   * stream ends, a removed member stops hearing the team).
   */
  async function recheckAll(): Promise<void> {
    if (checking || open.size === 0) return;
    checking = true;
    try {
      const streams = [...open];
      const live = await deps.sessionsForTokens([...new Set(streams.map((s) => s.token))]);
      for (const stream of streams) {
        if (live.get(stream.token)?.userId !== stream.userId) stream.close();
      }
      const staying = streams.filter((stream) => open.has(stream));
      const topics = await topicsOf([...new Set(staying.map((s) => s.userId))]);
      for (const stream of staying) {
        const heard = topics.get(stream.userId);
        if (heard) stream.subscriber.topics = heard;
      }
    } catch (error) {
      deps.log.warn({ err: error }, "realtime: stream check failed");
    } finally {
      checking = false;
    }
  }
  /** Runs only while streams are open. */
  let check: NodeJS.Timeout | null = null;
  function track(stream: OpenStream): void {
    open.add(stream);
    check ??= setInterval(() => void recheckAll(), checkMs);
  }
  function untrack(stream: OpenStream): void {
    open.delete(stream);
    if (open.size === 0 && check) {
      clearInterval(check);
      check = null;
    }
  }

  router.get("/stream", async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      const token = readCookie(SESSION_COOKIE, req.headers.cookie);
      const session = token ? (await deps.sessionsForTokens([token])).get(token) : undefined;
      if (!token || !session) {
        res.status(401).json({ error: { status: "UNAUTHENTICATED", message: "Sign in first." } });
        return;
      }
      const { userId } = session;
      if ((openByUser.get(userId) ?? 0) >= maxStreams) {
        res.status(429).json({
          error: { status: "RESOURCE_EXHAUSTED", message: "Too many open live streams." },
        });
        return;
      }
      const given = req.get("last-event-id") ?? req.query.lastEventId;
      const lastEventId =
        typeof given === "string" && /^\d{1,15}$/.test(given) ? Number(given) : null;
      openByUser.set(userId, (openByUser.get(userId) ?? 0) + 1);
      const topics = (await topicsOf([userId])).get(userId) as HeardTopics;
      await serve(res, { token, userId, lastEventId, topics }, () => {
        const left = (openByUser.get(userId) ?? 1) - 1;
        if (left > 0) openByUser.set(userId, left);
        else openByUser.delete(userId);
      });
    } catch (error) {
      next(error);
    }
  });

  async function serve(
    res: Response,
    stream: { token: string; userId: string; lastEventId: number | null; topics: HeardTopics },
    onClose: () => void,
  ): Promise<void> {
    // The highest id sent: the browser's Last-Event-ID. An event committed late (a lower id
    // after a higher one) is sent without an id line, so a reconnect never repeats one.
    let highestSent = stream.lastEventId ?? 0;
    const sent = new Set<number>();
    let replaying = stream.lastEventId !== null;
    const held: RealtimeEvent[] = [];
    let closed = false;

    const write = (event: RealtimeEvent) => {
      if (closed || sent.has(event.id)) return;
      if (stream.lastEventId !== null && event.id <= stream.lastEventId) return;
      sent.add(event.id);
      if (sent.size > 5000) sent.delete(sent.values().next().value as number);
      const data = JSON.stringify({ kind: event.kind, topic: event.topic, payload: event.payload });
      const idLine = event.id > highestSent ? `id: ${event.id}\n` : "";
      highestSent = Math.max(highestSent, event.id);
      res.write(`${idLine}data: ${data}\n\n`);
      if (res.writableLength > MAX_BUFFERED_BYTES) close();
    };
    const subscriber = {
      topics: stream.topics,
      deliver: (event: RealtimeEvent) => (replaying ? held.push(event) : write(event)),
    };
    const unsubscribe = deps.hub.subscribe(subscriber);

    const heartbeat = setInterval(() => res.write(": ping\n\n"), heartbeatMs);
    const opened: OpenStream = { token: stream.token, userId: stream.userId, subscriber, close };
    track(opened);
    function close() {
      if (closed) return;
      closed = true;
      untrack(opened);
      clearInterval(heartbeat);
      unsubscribe();
      onClose();
      res.end();
    }
    res.on("close", close);

    res.status(200);
    res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    res.write("retry: 2000\n\n");

    if (stream.lastEventId !== null) {
      try {
        // Missed events, then whatever arrived live meanwhile: both in id order, none twice.
        for (const event of await deps.hub.since(stream.topics, stream.lastEventId)) {
          write(event);
        }
      } catch (error) {
        deps.log.warn({ err: error }, "realtime: replay failed");
        return close();
      } finally {
        replaying = false;
      }
      for (const event of held.sort((a, b) => a.id - b.id)) write(event);
    }
  }

  return router;
}
