import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { doorWebManifest } from "./app/door-worker/door-web-manifest.ts";
import type { PrecacheEntry } from "./app/door-worker/precache-entry.ts";
import { doorManifestPath, doorWorkerPath } from "./contract/door-app.ts";
import { bundleClassicScript, clientOutDir } from "./vite.classic-script.ts";

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
        const clientDir = clientOutDir(builder);
        if (!clientDir) return;
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
function bundleWorker(root: string, entries: PrecacheEntry[], version: string): Promise<string> {
  return bundleClassicScript(root, workerSource, "door-sw.js", {
    DOOR_PRECACHE: JSON.stringify(entries),
    DOOR_BUILD_VERSION: JSON.stringify(version),
  });
}
