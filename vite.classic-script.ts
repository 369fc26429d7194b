import path from "node:path";
import { build, type ViteBuilder } from "vite";

/** Where the client build was written, once it is (undefined for a build without a client). */
export function clientOutDir(builder: ViteBuilder): string | undefined {
  const client = builder.environments.client;
  return client && path.resolve(builder.config.root, client.config.build.outDir);
}

/**
 * A browser script bundled into one classic script (an IIFE: no imports at run time),
 * with `define`d constants written in: the door's worker and the widget's script.
 */
export async function bundleClassicScript(
  root: string,
  input: string,
  fileName: string,
  define: Record<string, string> = {},
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    define,
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      rolldownOptions: {
        input,
        output: { format: "iife", entryFileNames: fileName },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!("output" in result)) continue;
    const chunk = result.output.find((item) => item.type === "chunk" && item.isEntry);
    if (chunk?.type === "chunk") return chunk.code;
  }
  throw new Error(`${fileName}: the bundle has no entry chunk`);
}
