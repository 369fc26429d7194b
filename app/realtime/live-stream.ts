import { useEffect, useRef } from "react";

export type LiveMessage = { kind: string; topic: string; payload: unknown };
type Listener = (message: LiveMessage) => void;

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;

/**
 * One EventSource per tab (`/api/stream`), opened by the first listener and closed with
 * the last. The browser reconnects on its own and sends Last-Event-ID, so the server
 * replays what was missed.
 */
let reopen: ReturnType<typeof setTimeout> | null = null;
/** Opens in a row that ended for good: each waits twice as long, up to a minute. */
let failedOpens = 0;
/** The id of the last message heard while anyone listened: a stream opened again resumes after it. */
let lastHeardId: string | null = null;

function connect(): void {
  if (source || typeof EventSource === "undefined") return;
  // A stream opened again after one that ended for good asks for what it missed (the
  // server reads `lastEventId` as it reads the browser's own Last-Event-ID), so an alert
  // sent while the server restarted still arrives.
  const opened = new EventSource(
    lastHeardId === null
      ? "/api/stream"
      : `/api/stream?lastEventId=${encodeURIComponent(lastHeardId)}`,
  );
  source = opened;
  // The browser retries a dropped connection by itself, but gives up for good on an
  // answer that is not the stream (a restarting server's 502, a 503): open it again a
  // little later, while anyone still listens, from the last message heard. Signed out, it
  // stops bothering the server: the waits double up to a minute.
  opened.onopen = () => {
    failedOpens = 0;
  };
  opened.onerror = () => {
    if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
    source = null;
    const wait = Math.min(60_000, 3000 * 2 ** failedOpens++);
    reopen ??= setTimeout(
      () => {
        reopen = null;
        if (listeners.size > 0) connect();
      },
      wait + Math.floor(Math.random() * 3000),
    );
  };
  opened.onmessage = (event) => {
    if (event.lastEventId) lastHeardId = event.lastEventId;
    let message: LiveMessage;
    try {
      message = JSON.parse(event.data) as LiveMessage;
    } catch {
      return;
    }
    for (const listener of listeners.get(message.kind) ?? []) listener(message);
  };
}

function disconnect(): void {
  source?.close();
  source = null;
  // Nobody listens: the next page reads its own state when it mounts, no replay.
  lastHeardId = null;
  if (reopen) clearTimeout(reopen);
  reopen = null;
}

/** Calls `listener` for each live message of `kind` until the returned function is called. */
export function onLiveMessage(kind: string, listener: Listener): () => void {
  const forKind = listeners.get(kind) ?? new Set<Listener>();
  forKind.add(listener);
  listeners.set(kind, forKind);
  connect();
  return () => {
    forKind.delete(listener);
    if (forKind.size === 0) listeners.delete(kind);
    if (listeners.size === 0) disconnect();
  };
}

/** React: `handler` runs for each live message of these kinds while the component is shown. */
export function useLiveMessages(kinds: readonly string[], handler: Listener, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = kinds.join(",");
  useEffect(() => {
    if (!enabled) return;
    const stops = key.split(",").map((kind) => onLiveMessage(kind, (m) => latest.current(m)));
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, enabled]);
}
