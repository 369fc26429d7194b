import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { processIsAlive } from "#server/platform/db/pglite-lock.ts";
import { postgresOnly } from "#tests/support/databases.ts";
import { makeEvent } from "#tests/support/kits/holds-test-kit.ts";
import { createTempDatabase } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { waitFor } from "#tests/support/spawned-calls.ts";

const KILLS = 5;

/** A call over `agent` (one kept-alive connection stays on one process), or a fresh one. */
async function callOn(
  url: string,
  agent: http.Agent | false,
  name: string,
  data: unknown,
  bearer?: string,
): Promise<{ status: number; result: unknown }> {
  const body = JSON.stringify({ data });
  const request = http.request(`${url}/api/fn/${name}`, {
    method: "POST",
    agent,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(body),
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
  });
  request.setTimeout(5_000, () => request.destroy(new Error("no answer")));
  request.end(body);
  const [response] = (await once(request, "response")) as [http.IncomingMessage];
  let text = "";
  for await (const chunk of response) text += chunk;
  return { status: response.statusCode ?? 0, result: JSON.parse(text).result };
}

const pidOn = async (url: string, agent: http.Agent | false) =>
  ((await callOn(url, agent, "test.processId", null)).result as { pid: number }).pid;

/**
 * A process that has ended (its files, its channel among them, closed) and waits for its
 * parent to reap it. Linux shows it in /proc; elsewhere a short wait stands in.
 */
async function hasEnded(pid: number): Promise<boolean> {
  if (!existsSync("/proc")) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false;
  } catch {
    return false;
  }
}

/**
 * The primary passes each process's page-cache message on to the others. A process
 * killed the moment before is still "connected" until the primary reads the end of its
 * channel, so the message is written to a dead pipe (EPIPE); unheard, that error used to
 * end the primary and every process with it.
 */
describe.each(postgresOnly)("a server process killed while messages flow on $name", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let db: DatabaseHandle;
  let server: RunningServer;
  beforeAll(async () => {
    temp = await createTempDatabase("workerdeath", { migrated: true });
    server = await spawnServer({
      env: { NODE_ENV: "test", DATABASE_URL: temp.url, WEB_CONCURRENCY: "2", DEMO_DATA: "off" },
    });
    db = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await db?.close();
    await temp?.drop();
  });

  it("costs only that process: the primary and the other process keep serving", async () => {
    const { event, owner } = await makeEvent(db.db);
    const bearer = `test:${owner.id}:`;
    const primary = server.process.pid as number;
    // The survivor: this connection stays on it; its edits are the messages passed on.
    const survivorConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const survivor = await pidOn(server.url, survivorConnection);
    let published = true;
    const edit = async () => {
      const name = published ? "events.unpublish" : "events.publish";
      const answer = await callOn(
        server.url,
        survivorConnection,
        name,
        { eventId: event.id },
        bearer,
      );
      expect(answer.status, name).toBe(200);
      published = !published;
    };
    const otherProcess = async () => {
      let pid = survivor;
      await waitFor(
        async () => {
          pid = await pidOn(server.url, false).catch(() => survivor);
          return pid !== survivor;
        },
        90_000,
        "the other process to serve",
      );
      return pid;
    };

    const killOne = async (kill: number) => {
      const victim = await otherProcess();
      // The race widened on purpose: with the primary stopped, the survivor's messages
      // wait in its channel ahead of the victim's end, so the primary, once resumed,
      // passes them on to a process that is already dead.
      process.kill(primary, "SIGSTOP");
      try {
        for (let i = 0; i < 3; i++) await edit();
        process.kill(victim, "SIGKILL");
        // Dead, its channel closed, and not yet reaped by the stopped primary.
        await waitFor(() => hasEnded(victim), 10_000, "the killed process to end");
      } finally {
        process.kill(primary, "SIGCONT");
      }
      // The primary passes the waiting messages on at once; a crash follows within moments.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.process.exitCode, "the primary's exit").toBeNull();
      expect(processIsAlive(primary), "the primary").toBe(true);
      // Edits keep flowing while the primary finds the death and forks a replacement.
      for (let i = 0; i < 5; i++) await edit();
      expect(await pidOn(server.url, survivorConnection), `kill ${kill}`).toBe(survivor);
    };

    try {
      for (let kill = 1; kill <= KILLS; kill++) {
        await killOne(kill).catch((error: Error) => {
          throw new Error(`kill ${kill}: ${error.message}\n${server.output()}`);
        });
      }
      // Every death was replaced: two processes still share the port.
      expect(await otherProcess()).not.toBe(survivor);
    } finally {
      survivorConnection.destroy();
    }
    expect(await server.stop("SIGTERM")).toBe(0);
  }, 300_000);
});
