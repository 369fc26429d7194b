import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "vite";
import { doorWebManifest } from "./app/door-worker/door-web-manifest.ts";
import type { PrecacheEntry } from "./app/door-worker/precache-entry.ts";
import { doorManifestPath, doorWorkerPath } from "./contract/door-app.ts";

const workerSource = path.resolve(import.meta.dirname, "app/door-worker/door-sw.ts");

/**
 * The door app's files (decision 030), written into the client build by every
 * `react-router build`, once the client and server builds are done (React Router writes
 * the browser's route manifest, `assets/manifest-….js`, during the server build):
 * - `door.webmanifest`, from app/door-worker/door-web-manifest.ts;
 * - `door-sw.js`, the worker (app/door-worker/door-sw.ts) bundled into one classic
 *   script, with the list of every file of the client build and its content hash
 *   written in: the files it keeps for the door to open offline.
 */
export function doorWorker(): Plugin {
  return {
    name: "door-worker",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const clientDir = path.resolve(builder.config.root, client.config.build.outDir);
        await writeFile(
          path.join(clientDir, doorManifestPath),
          `${JSON.stringify(doorWebManifest(), null, 2)}\n`,
        );
        const entries = await precacheEntries(clientDir);
        const version = hashOf(JSON.stringify(entries)).slice(0, 12);
        const code = await bundleWorker(builder.config.root, entries, version);
        await writeFile(path.join(clientDir, doorWorkerPath), code);
        builder.config.logger.info(
          `door worker: ${doorWorkerPath} keeps ${entries.length} files (build ${version})`,
        );
      },
    },
  };
}

/** Every file of the client build but the worker itself, by URL, with its content hash. */
async function precacheEntries(clientDir: string): Promise<PrecacheEntry[]> {
  const files = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const entries = await Promise.all(
    files
      .filter((file) => file.isFile())
      .map((file) => path.relative(clientDir, path.join(file.parentPath, file.name)))
      .map((relative) => `/${relative.split(path.sep).join("/")}`)
      .filter(
        (url) => url !== doorWorkerPath && !url.split("/").some((part) => part.startsWith(".")),
      )
      .map(async (url) => ({ url, revision: hashOf(await readFile(path.join(clientDir, url))) })),
  );
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

const hashOf = (content: string | Buffer) =>
  createHash("sha256").update(content).digest("hex").slice(0, 16);

/** The worker as one self-contained script (a classic worker: no imports at run time). */
async function bundleWorker(
  root: string,
  entries: PrecacheEntry[],
  version: string,
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    define: {
      DOOR_PRECACHE: JSON.stringify(entries),
      DOOR_BUILD_VERSION: JSON.stringify(version),
    },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      rolldownOptions: {
        input: workerSource,
        output: { format: "iife", entryFileNames: "door-sw.js" },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!("output" in result)) continue;
    const chunk = result.output.find((item) => item.type === "chunk" && item.isEntry);
    if (chunk?.type === "chunk") return chunk.code;
  }
  throw new Error("door worker: the worker's bundle has no entry chunk");
}
