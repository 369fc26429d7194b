import autocannon from "autocannon";
import { browserUA } from "#tests/support/browser-user-agent.ts";

/** A desktop browser's user agent: bots get bare error bodies, not pages. */
export { browserUA };

export type LoadOptions = {
  seconds: number;
  connections: number;
  /** Extra request headers (e.g. a signed-in browser's cookies). */
  headers?: Record<string, string>;
  /**
   * Headers of the i-th request (0, 1, 2… across all connections), over `headers`: many
   * people at once, each request carrying one person's cookies.
   */
  headersFor?: (i: number) => Record<string, string>;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  requests: number;
  /** Answers by their X-Cache header (HIT, STALE, MISS, none). */
  cache: Record<string, number>;
};

/** autocannon against one URL (gzip accepted, as a browser would); prints one line. */
export async function measure(
  url: string,
  title: string,
  options: LoadOptions,
): Promise<LoadResult> {
  const cache: Record<string, number> = {};
  const { headersFor } = options;
  let sent = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { "user-agent": browserUA, "accept-encoding": "gzip", ...options.headers },
    requests: [
      {
        // Only when asked (autocannon would call an `undefined` one). A fresh object each
        // time: autocannon keeps the request it was given as the template.
        ...(headersFor && {
          setupRequest: (request: { headers?: Record<string, string> }) => ({
            ...request,
            headers: { ...request.headers, ...headersFor(sent++) },
          }),
        }),
        onResponse: (_status: number, _body: string, _context: unknown, headers: unknown) => {
          const found = Object.entries((headers ?? {}) as Record<string, unknown>).find(
            ([name]) => name.toLowerCase() === "x-cache",
          );
          const state = found ? String(found[1]) : "none";
          cache[state] = (cache[state] ?? 0) + 1;
        },
      },
    ],
  } as autocannon.Options);
  const failures = result.non2xx + result.errors + result.timeouts;
  const answered = Object.values(cache).reduce((a, b) => a + b, 0);
  const hits = (cache.HIT ?? 0) + (cache.STALE ?? 0);
  console.log(
    `${title.padEnd(26)} ${result.requests.average.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `cache hits ${answered ? ((100 * hits) / answered).toFixed(1) : "0.0"} %  ` +
      `non-2xx/errors ${failures}  (${options.connections} connections, ${options.seconds} s)`,
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    requests: result.requests.total,
    cache,
  };
}
