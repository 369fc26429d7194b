export type SseMessage = { id: string | null; data: string };

/**
 * An open Server-Sent Events stream read the way a browser's EventSource does: `next()`
 * waits for the next message (comments and `retry:` skipped), `close()` cuts it.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const queue: SseMessage[] = [];
  const waiting: ((message: SseMessage | null) => void)[] = [];
  let buffer = "";
  let ended = false;

  const push = (message: SseMessage | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else if (message) queue.push(message);
  };

  void (async () => {
    try {
      while (reader) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const lines = block.split("\n");
          const data = lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
          if (data.length === 0) continue;
          const id = lines.find((l) => l.startsWith("id: "))?.slice(4) ?? null;
          push({ id, data: data.join("\n") });
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
    ended = true;
    while (waiting.length > 0) push(null);
  })();

  return {
    status: response.status,
    /** The next message, or null once the stream has ended or after `timeoutMs`. */
    next(timeoutMs = 5000): Promise<SseMessage | null> {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          resolve(null);
        }, timeoutMs);
        const done = (message: SseMessage | null) => {
          clearTimeout(timer);
          resolve(message);
        };
        waiting.push(done);
      });
    },
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}
