import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionPaths } from "#tests/support/built-routes.ts";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { signedInCookie } from "#tests/support/signed-in-cookie.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/**
 * Page forms refused for the sender's mistakes, against the built server: a body past the
 * form limit, a form posted from another site. Each refusal is a 4xx, costs the server no
 * memory, and is not logged as a server error.
 */
let server: RunningServer;
let dataDir: string;
let cookie = "";

const MiB = 1024 * 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "form-refusals-"));
  server = await spawnServer({
    env: {
      NODE_ENV: "test",
      PGLITE_DIR: await migratedPgliteFolder(path.join(dataDir, "db")),
      DATABASE_URL: undefined,
      LOG_LEVEL: "warn",
      DEMO_DATA: "off",
    },
    timeoutMs: 180_000,
  });
  cookie = await signedInCookie(server.url, "Form Refusals", "+15550100777");
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Sender = "our page" | "another site" | "a foreign origin";

/** Posts a urlencoded form as a browser sends it from `sender`; the answer's status. */
async function postForm(target: string, sender: Sender, body: string, signedIn = false) {
  const senders: Record<Sender, Record<string, string>> = {
    "our page": { origin: server.url, "sec-fetch-site": "same-origin" },
    "another site": { "sec-fetch-site": "cross-site" },
    "a foreign origin": { origin: "https://evil.test" },
  };
  const from = senders[sender];
  const response = await fetch(`${server.url}${target}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...from,
      ...(signedIn ? { cookie } : {}),
    },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The server process's resident memory in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error("no VmRSS");
  return Number(kib) * 1024;
}

/**
 * Posts `total` bytes of a multipart form that never ends, chunked (no Content-Length),
 * as fast as the server takes them, and stops sending once the server answers.
 */
function postChunked(target: string, total: number): Promise<{ status: number; sent: number }> {
  const boundary = "----refusal";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="identifier"\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(`${server.url}${target}`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        origin: server.url,
        "sec-fetch-site": "same-origin",
      },
    });
    req.on("response", (res) => {
      answered = true;
      res.resume();
      const status = res.statusCode ?? 0;
      res.on("end", () => {
        req.destroy();
        resolve({ status, sent });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        const piece = sent === 0 ? head : chunk;
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("a form body past the limit", () => {
  it("refuses a 200 MiB chunked form with 413 while reading it, the server's memory flat", async () => {
    const pid = server.process.pid ?? 0;
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 10);
    const answer = await postChunked("/login", 200 * MiB).finally(() => clearInterval(sampler));
    peak = Math.max(peak, residentBytes(pid));
    const rise = (peak - before) / MiB;
    console.info(
      `form refusal: memory rise ${rise.toFixed(1)} MiB, ${(answer.sent / MiB).toFixed(1)} MiB sent before the answer`,
    );
    expect(answer.status).toBe(413);
    // Answered while the body was still coming, not after reading it whole.
    expect(answer.sent).toBeLessThan(100 * MiB);
    // Below the body itself, which reading it whole would cost more than twice over (a
    // 512 MiB limit let the 200 MiB body through: the rise measured 475 MiB). Refused, the
    // server holds the ~16 MiB it counted once, in the request's own branch of the body:
    // the rise measured 30-32 MiB on the 2-core VM (2026-11-28), idle or with four busy
    // loops beside it; RSS follows the collector, and a full CI run has seen 181 MiB
    // before the count stopped parsing what it counted.
    expect(rise).toBeLessThan(200);
  }, 120_000);

  it("still reads a form within the limit", async () => {
    const sent = "identifier=nobody%40example.com&password=wrong-password";
    expect(await postForm("/login", "our page", sent)).toBe(401);
  });
});

describe("a form posted from another site", () => {
  it("is refused with 403 by every page that takes a form, door forms too", async () => {
    const targets = await actionPaths();
    expect(targets).toContain("/team_coordinator/check_in/ticket_info");
    const answers: string[] = [];
    for (const target of targets) {
      const status = await postForm(target, "another site", "intent=admit&code=x", true);
      answers.push(`${target} -> ${status}`);
    }
    expect(answers).toEqual(targets.map((target) => `${target} -> 403`));
  });
});

describe("the log of a client's mistake", () => {
  it("has no error line for a refused origin, a 405 or a 413", async () => {
    const logged = server.output().length;
    const signIn = "identifier=a%40example.com&password=x";
    const statuses = [
      await postForm("/login", "another site", signIn),
      // No action on this page: the router's 405.
      await postForm("/upcomming", "our page", "x=1", true),
      // The router's own check: an Origin that is not this host's (its 400).
      await postForm("/login", "a foreign origin", signIn),
      await postForm("/login", "our page", `identifier=${"a".repeat(17 * MiB)}`),
    ];
    expect(statuses).toEqual([403, 405, 400, 413]);
    // pino writes each line as it happens; give the pipe a moment to deliver it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const errorLines = server
      .output()
      .slice(logged)
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errorLines).toEqual([]);
  });
});
