/**
 * npm run bench:http — requests per second and latency for GET /healthz and GET / on a
 * built server (started here, production mode). Uses DATABASE_URL when set, else an
 * embedded database in a temporary folder. Also prints the gzip size of the JavaScript
 * and CSS that `/` loads.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot, spawnServer } from "#tests/support/spawn-server.ts";
import { measure } from "./support/load.ts";
import { pageWeight, printWeight } from "./support/page-weight.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const load = { seconds, connections };
const clientDir = path.join(projectRoot, process.env.BUILD_DIR ?? "build", "client");

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-http-"));
const server = await spawnServer({
  env: {
    NODE_ENV: "production",
    PGLITE_DIR: path.join(dataDir, "db"),
    APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret!!",
    LOG_LEVEL: "warn",
    // With DATABASE_URL, production refuses the message outbox unless allowed, and
    // needs PUBLIC_URL (the same on every instance).
    ALLOW_OUTBOX_IN_PRODUCTION: "true",
    PUBLIC_URL: process.env.PUBLIC_URL ?? "http://bench.invalid",
  },
});
try {
  console.log(
    `server: ${server.url}, database: ${process.env.DATABASE_URL ? "postgres" : "pglite"}`,
  );
  printWeight("GET / loads", await pageWeight(`${server.url}/`, clientDir));
  await measure(`${server.url}/healthz`, "GET /healthz", load);
  await measure(`${server.url}/`, "GET /", load);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
