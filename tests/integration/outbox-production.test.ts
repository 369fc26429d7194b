import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(testDatabaseUrl)("the outbox on a production deployment (PostgreSQL)", () => {
  const base = {
    NODE_ENV: "production",
    APP_SECRET: "x".repeat(40),
    PUBLIC_URL: "http://tickets.invalid",
  };

  it("refuses to start with the outbox providers", async () => {
    const database = await createTempDatabase("outbox");
    cleanups.push(database.drop);
    await expect(spawnServer({ env: { ...base, DATABASE_URL: database.url } })).rejects.toThrow(
      /SMS_PROVIDER: the outbox sends nothing/,
    );
  }, 90_000);

  it("hides /dev/outbox and dev.outbox even when the outbox is allowed", async () => {
    const database = await createTempDatabase("outbox", { migrated: true });
    cleanups.push(database.drop);
    const server: RunningServer = await spawnServer({
      env: { ...base, DATABASE_URL: database.url, ALLOW_OUTBOX_IN_PRODUCTION: "true" },
    });
    cleanups.push(() => server.stop());
    const page = await fetch(`${server.url}/dev/outbox`, {
      headers: { "User-Agent": "Mozilla/5.0 Chrome/156" },
    });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Page not found: /dev/outbox");
    const api = await fetch(`${server.url}/api/fn/dev.outbox`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: {} }),
    });
    expect(api.status).toBe(404);
    expect((await api.json()).error.status).toBe("NOT_FOUND");
  }, 90_000);
});

describe("the outbox in production on the embedded database (npm start's demo)", () => {
  it("starts with a warning that nothing is sent, and shows /dev/outbox", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-demo-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = await spawnServer({
      env: {
        NODE_ENV: "production",
        DATABASE_URL: undefined,
        PGLITE_DIR: await migratedPgliteFolder(path.join(dir, "db")),
        APP_SECRET: "x".repeat(40),
      },
    });
    cleanups.push(() => server.stop());
    expect(server.output()).toContain("messages are not sent: the outbox keeps them");
    const page = await fetch(`${server.url}/dev/outbox`, {
      headers: { "User-Agent": "Mozilla/5.0 Chrome/156" },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("No messages yet.");

    // A visitor from elsewhere, through a reverse proxy on this machine, sees nothing.
    const forwarded = { "User-Agent": "Mozilla/5.0 Chrome/156", "X-Forwarded-For": "203.0.113.9" };
    const remotePage = await fetch(`${server.url}/dev/outbox`, { headers: forwarded });
    expect(remotePage.status).toBe(404);
    const remoteApi = await fetch(`${server.url}/api/fn/dev.outbox`, {
      method: "POST",
      headers: { ...forwarded, "content-type": "application/json" },
      body: JSON.stringify({ data: {} }),
    });
    expect(remoteApi.status).toBe(404);
  }, 90_000);
});
