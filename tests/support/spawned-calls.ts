import type { RunningServer } from "./spawn-server.ts";

/** A callable function of a spawned server, with a bearer (tests accept `test:{userId}:`). */
export async function callFunction(
  server: RunningServer,
  name: string,
  bearer: string,
  data: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/fn/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `check` every 100 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
