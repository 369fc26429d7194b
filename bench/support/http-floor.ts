import type { RunningServer } from "#tests/support/spawn-server.ts";
import { getStatus } from "./callable-client.ts";
import type { Sample } from "./latency-report.ts";

/**
 * The floor under any call: the same clients, two requests a loop as a hold and its
 * release are, to `GET /healthz` (answered before logging, headers and any database work).
 * What this server, loopback and the load generator can do at all on this machine: the
 * HTTP/raw ratio can be no higher than floor/raw.
 */
export async function httpFloor(
  server: RunningServer,
  clients: number,
  seconds: number,
): Promise<{ samples: Sample[]; elapsed: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const first = await getStatus(server, "/healthz");
        const second = await getStatus(server, "/healthz");
        const ok = first === 200 && second === 200;
        samples.push({ ms: performance.now() - t0, code: ok ? "ok" : `${first}/${second}` });
      }
    }),
  );
  return { samples, elapsed: performance.now() - started };
}
