import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger.ts";

/**
 * The primary process of `WEB_CONCURRENCY` > 1: forks that many server processes, which
 * share the listening port (Node's cluster hands connections round-robin), so a machine
 * with N cores serves with N event loops. The processes share nothing but PostgreSQL,
 * exactly like instances behind a load balancer (migrations and the signing key already
 * cope with several starting at once).
 *
 * A process that dies after it started listening is replaced. One that dies before ever
 * listening means the start itself fails (a bad port, an unreachable database): the
 * primary stops the others and exits 1, instead of forking forever.
 */
export function runWorkerProcesses(count: number, log: Logger): void {
  let stopping = false;
  const listening = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.on("listening", () => listening.add(worker));
    // What one process tells its siblings (the page cache's invalidations): passed on.
    worker.on("message", (message: unknown) => {
      if (!isSiblingMessage(message)) return;
      for (const other of Object.values(cluster.workers ?? {})) {
        if (other && other !== worker && other.isConnected()) other.send(message, ignoreLost);
      }
    });
    // A process killed a moment ago still counts as connected until its channel's end is
    // read, so a message passed on to it fails (EPIPE). Without a callback or a listener
    // that failure is thrown in the primary and ends every process; the dead one missed
    // nothing it needs (its replacement starts with an empty cache), and its exit below
    // replaces it.
    worker.on("error", (error) => {
      log.warn({ workerPid: worker.process.pid, err: error }, "a server process's channel failed");
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      if (!listening.has(worker)) {
        log.fatal({ code, signal }, "a server process failed to start; stopping");
        void stopAll(1);
        return;
      }
      log.error(
        { workerPid: worker.process.pid, code, signal },
        "a server process died; replacing it",
      );
      fork();
    });
  };

  const stopAll = async (exitCode: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            // Each process finishes its requests in flight and closes its pool (main.ts).
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    log.info({ exitCode }, "all server processes stopped");
    process.exit(exitCode);
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (!stopping) void stopAll(0);
    });
  }
  log.info({ processes: count }, "starting server processes");
  for (let i = 0; i < count; i++) fork();
}

/** A message to a process that died meanwhile is not missed: that process is replaced. */
function ignoreLost(): void {}

/** True in the primary of a multi-process start (it serves nothing itself). */
export function isPrimaryOfMany(count: number): boolean {
  return count > 1 && cluster.isPrimary;
}

/** A message a server process sends to the others, through the primary. */
export type SiblingMessage = { sibling: string; kind: string };

function isSiblingMessage(message: unknown): message is SiblingMessage {
  return (
    typeof message === "object" &&
    message !== null &&
    typeof (message as SiblingMessage).sibling === "string" &&
    typeof (message as SiblingMessage).kind === "string"
  );
}

/**
 * Telling the other server processes of this machine (`WEB_CONCURRENCY` > 1) and hearing
 * from them, on one topic; nothing to tell in a single process.
 */
export function siblingProcesses(topic: string): {
  publish(kind: string): void;
  subscribe(on: (kind: string) => void): void;
} {
  return {
    publish(kind) {
      // A primary that is gone ends this process anyway (its channel closes).
      if (cluster.isWorker && process.send) process.send({ sibling: topic, kind }, ignoreLost);
    },
    subscribe(on) {
      if (!cluster.isWorker) return;
      process.on("message", (message: unknown) => {
        if (isSiblingMessage(message) && message.sibling === topic) on(message.kind);
      });
    },
  };
}
