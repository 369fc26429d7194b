import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";

const dataRoot = mkdtempSync(path.join(tmpdir(), "process-test-"));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** Runs server/main.ts expecting it to stop at once; returns its exit code and output. */
async function startExpectingFailure(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: projectRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = await once(child, "exit");
  return { code: code as number, output };
}

describe("settings", () => {
  it("stops the start with a message naming a bad setting", async () => {
    const result = await startExpectingFailure({ PORT: "eighty" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/PORT: /);
  });

  it("names a malformed DATABASE_URL", async () => {
    const result = await startExpectingFailure({ DATABASE_URL: "mysql://nope" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/DATABASE_URL: must be a postgres/);
  });
});

describe("the embedded database", () => {
  it("refuses a second process on the same folder with a clear error", async () => {
    const dir = path.join(dataRoot, "shared-db");
    const first = await spawnServer({
      env: {
        NODE_ENV: "test",
        PGLITE_DIR: await migratedPgliteFolder(dir),
        DATABASE_URL: undefined,
        DEMO_DATA: "off",
      },
    });
    try {
      const second = await startExpectingFailure({ PGLITE_DIR: dir, DATABASE_URL: undefined });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`is in use by process ${first.process.pid}`);
      // The first one is untouched.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 150_000);
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, refuses new ones, and exits 0", async () => {
    const server = await spawnServer({
      env: {
        NODE_ENV: "test",
        PGLITE_DIR: await migratedPgliteFolder(path.join(dataRoot, "shutdown-db")),
        DATABASE_URL: undefined,
        DEMO_DATA: "off",
      },
    });
    const inFlight = fetch(`${server.url}/api/fn/test.slow`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: { ms: 1500 } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exitCode = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { waited: 1500, aborted: false } });
    expect(await exitCode).toBe(0);
    // The folder was released: a new process can open it.
    const again = await spawnServer({
      env: {
        NODE_ENV: "test",
        PGLITE_DIR: path.join(dataRoot, "shutdown-db"),
        DATABASE_URL: undefined,
        DEMO_DATA: "off",
      },
    });
    await again.stop();
  }, 150_000);
});
