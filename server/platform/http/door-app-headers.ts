import path from "node:path";
import type { Response } from "express";
import { doorManifestPath, doorWorkerPath } from "#contract/door-app.ts";
import { doorScope } from "#contract/door-offline.ts";

/**
 * Headers of the door app's root files (decision 030), set before the static server's
 * defaults (it keeps a `Cache-Control` or `Content-Type` already set):
 * - the worker: checked on every visit (`no-cache`), so a new build's worker is found at
 *   once, and allowed no scope above the door pages (`Service-Worker-Allowed`), so no
 *   public or other signed-in page can ever be controlled by it;
 * - the manifest: the web app manifest's own media type.
 */
export function doorAppHeaders(res: Response, filePath: string): void {
  const name = `/${path.basename(filePath)}`;
  if (name === doorWorkerPath) {
    res.setHeader("Service-Worker-Allowed", doorScope);
    res.setHeader("Cache-Control", "no-cache");
  } else if (name === doorManifestPath) {
    res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
  }
}
