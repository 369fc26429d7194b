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
function connect(): void {
  if (source || typeof EventSource === "undefined") return;
  source = new EventSource("/api/stream");
  source.onmessage = (event) => {
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
