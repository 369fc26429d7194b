/**
 * Within one process: a message was queued, so the delivery worker takes its first batch
 * now instead of at its next poll. Other instances still find it at their next poll; a
 * signal nobody hears costs nothing, and a worker that misses one polls anyway.
 */
const listeners = new Set<() => void>();

/** Calls `listener` on every queued message until the returned function is called. */
export function onMessageQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After the send's transaction committed (before, the worker would find nothing). */
export function messageQueued(): void {
  for (const listener of listeners) listener();
}
