import autocannon from "autocannon";

/** A desktop browser's user agent: bots get bare error bodies, not pages. */
export const browserUA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36";

export type LoadOptions = { seconds: number; connections: number };

export type LoadResult = { rps: number; p50: number; p99: number; failures: number };

/** autocannon against one URL (gzip accepted, as a browser would); prints one line. */
export async function measure(
  url: string,
  title: string,
  options: LoadOptions,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { "user-agent": browserUA, "accept-encoding": "gzip" },
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(18)} ${result.requests.average.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `non-2xx/errors ${failures}  (${options.connections} connections, ${options.seconds} s)`,
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}
