import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { startStripePeer } from "#tests/support/stripe-peer.ts";
import { chromiumPath } from "./browser.ts";
import { e2eWorkers } from "./e2e-workers.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** A folder of this run that the test files share (see uniquePhone). */
    runDir: string;
    /** The Stripe test peer the server's SDK talks to (its `/__peer/…` controls, its pages). */
    stripePeerURL: string;
    /** One server and peer per end-to-end worker (see e2e-workers.ts, worker-server.ts). */
    e2eServers: { baseURL: string; stripePeerURL: string }[];
  }
}

/**
 * One built server (NODE_ENV=test, its own embedded database) for all end-to-end files
 * (one per worker with E2E_WORKERS above 1, each serving one file at a time),
 * with card payments on against the Stripe test peer and a visible booking fee (card-paid
 * ticket types only: every other type is paid at the venue, as before).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `End-to-end tests need Chromium at ${chromiumPath}: apt-get install -y chromium`,
    );
  }
  if (!existsSync(path.join(projectRoot, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("End-to-end tests run against a build: run `npm run build` first.");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-pglite-"));
  const servers = await Promise.all(
    Array.from({ length: e2eWorkers }, (_, index) =>
      startServer(path.join(dataDir, index ? `server-${index + 1}` : "", "db")),
    ),
  );
  project.provide("baseURL", servers[0]?.baseURL as string);
  project.provide("runDir", dataDir);
  project.provide("stripePeerURL", servers[0]?.stripePeerURL as string);
  project.provide(
    "e2eServers",
    servers.map(({ baseURL, stripePeerURL }) => ({ baseURL, stripePeerURL })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function startServer(dbDir: string) {
  const peer = await startStripePeer();
  const server = await spawnServer({
    env: {
      NODE_ENV: "test",
      PGLITE_DIR: await migratedPgliteFolder(dbDir),
      DATABASE_URL: undefined,
      ...peer.env(),
      PLATFORM_FEE_PERCENT: "5",
      PLATFORM_FEE_FIXED_MINOR: "20",
      // The waiting room's proof of work in a few hashes: the page's solving is the same.
      WAITING_ROOM_POW_BITS: "4",
    },
  });
  peer.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  return {
    baseURL: server.url,
    stripePeerURL: peer.url,
    async stop() {
      await server.stop();
      await peer.close();
    },
  };
}
