import { inject } from "vitest";

/**
 * Runs before each end-to-end file: `inject("baseURL")` and `inject("stripePeerURL")` then
 * name the server and peer of this file's worker (VITEST_POOL_ID, 1 to E2E_WORKERS: no two
 * files running at once have the same), so a file never shares its server with another
 * file running beside it. vitest has no per-worker provide: this sets the worker's copy
 * of the provided values, and fails loudly if a vitest upgrade moves it.
 */
const servers = inject("e2eServers");
const worker = Number.parseInt(process.env.VITEST_POOL_ID ?? "1", 10);
const mine = servers[(worker - 1) % servers.length];
const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } })
  .__vitest_worker__;
if (!mine || !state?.providedContext) {
  throw new Error("tests/e2e/worker-server.ts: no per-worker server to point this file at");
}
Object.assign(state.providedContext, mine);
if (inject("baseURL") !== mine.baseURL) throw new Error("the worker's server was not set");
