import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The working tree minus ignored files (what a fresh clone of it holds), sharing node_modules. */
function freshCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fresh-clone-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: projectRoot, encoding: "utf8" },
  )
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      cpSync(path.join(projectRoot, file), path.join(dir, file));
    } catch {
      // deleted in the working tree but not yet in the index
    }
  }
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

async function expectPagesServed(url: string) {
  const home = await fetch(`${url}/`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } });
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("<h1");
  const ready = await fetch(`${url}/readyz`);
  expect(ready.status).toBe(200);
  return (await ready.json()) as { database: string };
}

describe("npm start", () => {
  it("on a fresh clone builds, creates the embedded database and serves / and /readyz", async () => {
    const dir = freshCopy();
    const server = await spawnServer({
      cwd: dir,
      command: ["npm", "start"],
      env: { DATABASE_URL: undefined, PGLITE_DIR: undefined, NODE_ENV: undefined },
      timeoutMs: 120_000,
    });
    cleanups.push(() => void server.stop());
    expect((await expectPagesServed(server.url)).database).toBe("pglite");
    // Stopping npm stops the server it started (it used to run on after the test).
    await server.stop();
    await expect(fetch(`${server.url}/readyz`)).rejects.toThrow();
  }, 180_000);
});

describe.runIf(testDatabaseUrl)("on PostgreSQL", () => {
  const secret = "x".repeat(40);
  // Production on PostgreSQL refuses the message outbox unless allowed: no real provider here.
  const productionOn = (url: string) => ({
    DATABASE_URL: url,
    APP_SECRET: secret,
    ALLOW_OUTBOX_IN_PRODUCTION: "true",
  });

  it("starts on an empty database and serves / and /readyz", async () => {
    const database = await createTempDatabase("start");
    cleanups.push(database.drop);
    const server = await spawnServer({ env: productionOn(database.url) });
    cleanups.push(() => void server.stop());
    expect((await expectPagesServed(server.url)).database).toBe("postgres");
  }, 120_000);

  it("brings up 4 instances started together on an empty database", async () => {
    const database = await createTempDatabase("four");
    cleanups.push(database.drop);
    const servers = await Promise.all(
      [1, 2, 3, 4].map(() => spawnServer({ env: productionOn(database.url) })),
    );
    for (const server of servers) cleanups.push(() => void server.stop());
    for (const server of servers) {
      expect((await expectPagesServed(server.url)).database).toBe("postgres");
    }
  }, 240_000);
});
