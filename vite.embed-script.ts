import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { embedScriptPath } from "./contract/embed.ts";
import { bundleClassicScript, clientOutDir } from "./vite.classic-script.ts";

const scriptSource = path.resolve(import.meta.dirname, "app/embed/embed-script.ts");

/**
 * `embed.js`, the widget's script for organisers' own pages (decision 040), written into
 * the client build by every `react-router build`: app/embed/embed-script.ts bundled into
 * one classic script, at a fixed address (its snippet is pasted into other sites).
 */
export function embedScript(): Plugin {
  return {
    name: "embed-script",
    apply: "build",
    buildApp: {
      // Before the door's worker, which lists every file of the client build to keep.
      order: "post",
      async handler(builder) {
        const clientDir = clientOutDir(builder);
        if (!clientDir) return;
        const code = await bundleClassicScript(builder.config.root, scriptSource, "embed.js");
        await writeFile(path.join(clientDir, embedScriptPath), code);
      },
    },
  };
}
