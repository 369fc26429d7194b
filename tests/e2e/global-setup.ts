import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { chromiumPath } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** A folder of this run that the test files share (see uniquePhone). */
    runDir: string;
  }
}

/** One built server (NODE_ENV=test, its own embedded database) for all end-to-end files. */
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
  const server = await spawnServer({
    env: { NODE_ENV: "test", PGLITE_DIR: path.join(dataDir, "db"), DATABASE_URL: undefined },
  });
  project.provide("baseURL", server.url);
  project.provide("runDir", dataDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
