import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the built server (`node server/main.ts`) as its own process and waits until
 * `/readyz` answers 200. Fails with the server's output if it exits or times out.
 */
export async function spawnServer(
  options: {
    env?: Record<string, string | undefined>;
    command?: string[];
    cwd?: string;
    timeoutMs?: number;
    /** A given port (e.g. a restart at the same origin); a free one otherwise. */
    port?: number;
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const [command, ...args] = options.command ?? [process.execPath, "server/main.ts"];
  const child = spawn(command ?? process.execPath, args, {
    cwd: options.cwd ?? projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stop() reaches what a wrapper (npm, a shell script)
    // started under it: a signal to the wrapper alone left the server running.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, "exit");
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  if (Date.now() >= deadline) {
    signalGroup(child, "SIGKILL");
    throw new Error(`server did not become ready:\n${output}`);
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      signalGroup(child, signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** Sends a signal to the child and everything it started (its process group). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal); // the group is gone already
  }
}
