import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processIsAlive } from "#server/platform/db/pglite-lock.ts";
import { postgresOnly } from "#tests/support/databases.ts";
import { createTempDatabase } from "#tests/support/postgres.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";

/** Which process answers a call on a new connection (a kept-alive one stays on one process). */
async function processIdOf(url: string): Promise<number> {
  const body = JSON.stringify({ data: null });
  const request = http.request(`${url}/api/fn/test.processId`, {
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  // A connection handed to a process just killed may never be answered.
  request.setTimeout(2_000, () => request.destroy(new Error("no answer")));
  request.end(body);
  const [response] = (await once(request, "response")) as [http.IncomingMessage];
  let text = "";
  for await (const chunk of response) text += chunk;
  return (JSON.parse(text) as { result: { pid: number } }).result.pid;
}

/** Asks until two processes answered: the second may still be starting when /readyz is up. */
async function collectProcessIds(url: string, into: Set<number>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (into.size < 2 && Date.now() < deadline) {
    into.add(await processIdOf(url));
    if (into.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(postgresOnly)("several server processes (WEB_CONCURRENCY) on $name", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  beforeAll(async () => {
    temp = await createTempDatabase("workers", { migrated: true });
  });
  afterAll(() => temp?.drop());

  it("serves one port from two processes, replaces one that dies, and stops all on SIGTERM", async () => {
    const server = await spawnServer({
      env: { NODE_ENV: "test", DATABASE_URL: temp.url, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" },
    });
    try {
      const seen = new Set<number>();
      await collectProcessIds(server.url, seen);
      expect(seen.size).toBe(2);
      expect(seen.has(server.process.pid ?? -1)).toBe(false);

      // A process that dies is replaced; the port keeps answering meanwhile.
      const [victim] = [...seen];
      process.kill(victim as number, "SIGKILL");
      const replaced = new Set<number>();
      // The survivor answers at once; its replacement may take many seconds to start on a
      // loaded machine, so the wait is bounded by time, not by a count of quick answers.
      const deadline = Date.now() + 90_000;
      while (replaced.size < 2 && Date.now() < deadline) {
        const pid = await processIdOf(server.url).catch(() => null);
        if (pid && pid !== victim) replaced.add(pid);
        if (replaced.size < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(replaced.size).toBe(2);

      expect(await server.stop("SIGTERM")).toBe(0);
      for (const pid of [...seen, ...replaced]) expect(processIsAlive(pid)).toBe(false);
    } finally {
      await server.stop("SIGKILL");
    }
  }, 150_000);

  // Node's cluster ends a worker whose primary is gone (its IPC channel closes): no
  // orphan keeps serving, or holding database connections, after a crash of the primary.
  it("leaves no process behind when the primary is killed", async () => {
    const server = await spawnServer({
      env: { NODE_ENV: "test", DATABASE_URL: temp.url, WEB_CONCURRENCY: "2" },
    });
    const workers = new Set<number>();
    try {
      await collectProcessIds(server.url, workers);
      expect(workers.size).toBe(2);
    } finally {
      await server.stop("SIGKILL");
    }
    for (let i = 0; i < 100 && [...workers].some(processIsAlive); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...workers].filter(processIsAlive)).toEqual([]);
  }, 150_000);

  it("stops with exit 1 when the processes cannot start", async () => {
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: "0",
        WEB_CONCURRENCY: "2",
        // Nothing listens there: every process fails to open the database.
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(output).toContain("a server process failed to start");
  }, 150_000);
});

describe("WEB_CONCURRENCY on the embedded database", () => {
  it("is refused with a message naming the setting", async () => {
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "test", WEB_CONCURRENCY: "2", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.stdout?.on("data", (chunk) => (output += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY: above 1 needs DATABASE_URL");
  }, 150_000);
});
