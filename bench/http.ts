/**
 * npm run bench:http — requests per second and latency for GET /healthz and GET / on a
 * built server (started here, production mode). Uses DATABASE_URL when set, else an
 * embedded database in a temporary folder. Also prints the gzip size of the JavaScript
 * and CSS that `/` loads.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { projectRoot, spawnServer } from "../tests/support/spawn-server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const browserUA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36";

async function measure(url: string, title: string) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "user-agent": browserUA, "accept-encoding": "gzip" },
  });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(14)} ${result.requests.average.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `non-2xx/errors ${non2xx}  (${connections} connections, ${seconds} s)`,
  );
}

/** Sizes of the scripts and stylesheets the page links, gzipped. */
async function pageWeight(baseURL: string) {
  const html = await (await fetch(`${baseURL}/`, { headers: { "user-agent": browserUA } })).text();
  const assets = new Set(
    [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string),
  );
  // Module scripts import further chunks: follow `import … from "./x.js"` inside each file.
  const queue = [...assets];
  while (queue.length) {
    const asset = queue.pop() as string;
    if (!asset.endsWith(".js")) continue;
    const source = readFileSync(path.join(projectRoot, "build/client", asset), "utf8");
    for (const m of source.matchAll(/from\s*"\.\/([^"]+\.js)"|import\("\.\/([^"]+\.js)"\)/g)) {
      const next = `/assets/${m[1] ?? m[2]}`;
      if (!assets.has(next) && m[1]) {
        assets.add(next);
        queue.push(next);
      }
    }
  }
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipSync(readFileSync(path.join(projectRoot, "build/client", asset))).length;
    if (asset.endsWith(".css")) css += size;
    else js += size;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `GET / loads    JS ${kb(js)} gzip, CSS ${kb(css)} gzip (${assets.size} files, static imports followed)`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-http-"));
const server = await spawnServer({
  env: {
    NODE_ENV: "production",
    PGLITE_DIR: path.join(dataDir, "db"),
    APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret!!",
    LOG_LEVEL: "warn",
    // With DATABASE_URL, production refuses the message outbox unless allowed.
    ALLOW_OUTBOX_IN_PRODUCTION: "true",
  },
});
try {
  console.log(
    `server: ${server.url}, database: ${process.env.DATABASE_URL ? "postgres" : "pglite"}`,
  );
  await pageWeight(server.url);
  await measure(`${server.url}/healthz`, "GET /healthz");
  await measure(`${server.url}/`, "GET /");
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
